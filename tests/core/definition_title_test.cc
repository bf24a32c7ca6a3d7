// A definition's title and languages, as the command line shows them with --lang.
#include <gtest/gtest.h>

#include "core/definition.h"

namespace parlor {
namespace {

TEST(DefinitionTitle, FallsBackToEnglishThenToTheId) {
  Definition def;
  def.id = "some-game";
  def.title = {{"en", "Some game"}, {"es", "Un juego"}};
  EXPECT_EQ(def.Title("es"), "Un juego");
  EXPECT_EQ(def.Title("it"), "Some game");  // not the id
  def.title.erase("en");
  EXPECT_EQ(def.Title("it"), "some-game");
}

TEST(DefinitionTitle, LanguagesAreThoseWithNamesOrATitle) {
  Definition def;
  def.id = "some-game";
  def.title = {{"en", "Some game"}};
  def.names["sv"]["a"] = "Ett";
  def.names["fr"];  // an empty table names nothing
  EXPECT_EQ(def.Languages(), (std::vector<std::string>{"en", "sv"}));
}

}  // namespace
}  // namespace parlor
