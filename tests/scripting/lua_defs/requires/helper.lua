local M = {}
function M.double(x) return 2 * x end
return M
