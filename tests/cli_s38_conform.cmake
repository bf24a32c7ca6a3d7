# conform's games drawing by action type (session 38; conformance/by_type_bot.h,
# docs/cli.md "Two ways of playing at random"), included from tests/CMakeLists.txt.
set(S38_LEAK ${CMAKE_CURRENT_SOURCE_DIR}/by_type_s38_conform/interrogation-leak)

add_executable(by_type_s38_conform_tests conformance/by_type_s38_conform_test.cc)
target_link_libraries(by_type_s38_conform_tests PRIVATE parlor_conformance GTest::gtest GTest::gtest_main)
target_compile_definitions(by_type_s38_conform_tests PRIVATE PARLOR_S38_LEAK_MOD="${S38_LEAK}")
gtest_discover_tests(by_type_s38_conform_tests DISCOVERY_TIMEOUT 60)

# A leak planted in a demo-inquest game's second interrogation: the default run (both
# policies) fails it in a game drawn by type; uniform random games of three seats,
# all that conform played before, never meet it.
add_test(NAME cli.conform_s38_by_type_games_catch_a_late_leak COMMAND sh -c
  "\"$<TARGET_FILE:parlor>\" conform ${S38_LEAK} -n 3; echo \"exit code $?\"")
set_tests_properties(cli.conform_s38_by_type_games_catch_a_late_leak PROPERTIES
  PASS_REGULAR_EXPRESSION "demo-inquest[+]interrogation-leak: 1 case.s., 20 random games each, and 20 drawing by action type from seed 1\n  3 players: FAILED .[0-9]+ problem.s. in 40 games.\n    demo-inquest[+]interrogation-leak seed [0-9]+ seats 3, drawing by action type after [0-9]+ actions: event #[0-9]+ .whisper. tells seat [0-2] about card [a-z]+, which it has not been shown\n.*1 of 1 case.s. failed\nexit code 1")
add_test(NAME cli.conform_s38_uniform_games_miss_the_late_leak COMMAND sh -c
  "\"$<TARGET_FILE:parlor>\" conform ${S38_LEAK} -n 3 --policy uniform; echo \"exit code $?\"")
set_tests_properties(cli.conform_s38_uniform_games_miss_the_late_leak PROPERTIES
  PASS_REGULAR_EXPRESSION "20 random games each from seed 1\n  3 players: OK .20 games, [0-9]+ actions.\nall 1 case.s. pass\nexit code 0")
add_test(NAME cli.conform_s38_policy_by_type_alone COMMAND parlor conform demo-inquest -n 3 --games 2 --policy by-type)
set_tests_properties(cli.conform_s38_policy_by_type_alone PROPERTIES
  PASS_REGULAR_EXPRESSION "demo-inquest: 1 case.s., 2 random games each, drawing by action type from seed 1, and its own bots in a second runtime\n  3 players: OK .by type: 2 games, [0-9]+ actions.\n")
add_test(NAME cli.conform_s38_refuses_another_policy COMMAND sh -c
  "\"$<TARGET_FILE:parlor>\" conform demo-race --policy bytype; echo \"exit code $?\"")
set_tests_properties(cli.conform_s38_refuses_another_policy PROPERTIES
  PASS_REGULAR_EXPRESSION "--policy bytype: expected uniform, by-type or both\nexit code 2")
