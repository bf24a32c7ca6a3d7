#include "python/src/check_binding.h"

#include <pybind11/stl.h>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "checking/check_run.h"
#include "python/src/engine_call.h"

namespace py = pybind11;

namespace parlor {
namespace {

py::object OrNone(const std::string& text) { return text.empty() ? py::object(py::none()) : py::str(text); }

py::list FindingsToPy(const std::vector<CheckFinding>& findings) {
  py::list out;
  for (const CheckFinding& f : findings) {
    py::dict d;
    d["kind"] = f.kind;
    d["message"] = f.message;
    d["file"] = OrNone(f.file);
    d["line"] = f.line > 0 ? py::object(py::int_(f.line)) : py::object(py::none());
    d["key"] = OrNone(f.key);
    out.append(d);
  }
  return out;
}

// Runs `check` without the GIL (other threads go on meanwhile; the check makes its
// own Lua state, so no Ruleset's lock is needed), with Ctrl-C stopping the Lua it
// runs: the rules it loads are a load's (python::LoadCall), whose scripts the
// monitor stops, and the interrupt, not the failures it caused, is what is raised.
py::dict Run(const std::function<CheckReport(std::ostream&)>& check) {
  std::ostringstream text;
  CheckReport report;
  {
    python::LoadCall call;
    {
      py::gil_scoped_release no_gil;
      report = check(text);
    }
    if (call.interrupted() && (!python::OnMainThread() || PyErr_CheckSignals() != 0)) {
      if (!PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
      throw py::error_already_set();
    }
  }
  py::dict d;
  d["id"] = report.id;
  d["chain"] = report.chain;
  d["problems"] = FindingsToPy(report.problems);
  d["warnings"] = FindingsToPy(report.warnings);
  d["text"] = text.str();
  d["exit_code"] = report.exit_code();
  return d;
}

}  // namespace

py::dict CheckLoaded(const std::shared_ptr<const Definition>& def) {
  return Run([&](std::ostream& out) { return RunCheckOn(def, out); });
}

void BindCheck(py::module_& m) {
  m.def(
      "check",
      [](const std::string& path, const std::vector<std::string>& mods) {
        return Run([&](std::ostream& out) { return RunCheck(path, mods, out); });
      },
      py::arg("path"), py::arg("mods") = std::vector<std::string>{},
      "parlor check PATH --mod ...: a dict of id, chain, problems, warnings (each a dict of kind, message, "
      "file, line, key), text (what the command prints) and exit_code.");
}

}  // namespace parlor
