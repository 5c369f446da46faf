-- Neovim's built-in LSP client against `mdq lsp --stdio` (Neovim 0.7+), started by the init
-- file docs/editors.md documents (the test passes it with -u): this script opens $MDQ_FILE,
-- waits for the diagnostics, asks for a completion list, a hover and a rename, applies the
-- rename, and writes what it saw as JSON to $MDQ_OUT; then quits.
local file, out_path = vim.env.MDQ_FILE, vim.env.MDQ_OUT
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
-- The documented autocmd attached the server to the buffer (0.7: buf_get_clients).
local client
vim.wait(30000, function()
  client = ({ next(vim.lsp.buf_get_clients(bufnr)) })[2]
  return client ~= nil
end, 50)
if client == nil then
  vim.fn.writefile({ vim.fn.json_encode({ error = 'no client attached by the init file' }) }, out_path)
  vim.cmd('cquit 1')
end
local out = { diagnostics = {} }
vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(out.diagnostics, { code = code, line = d.lnum, col = d.col, severity = d.severity })
end
local uri = vim.uri_from_bufnr(bufnr)
local function request(method, params)
  local response = client.request_sync(method, params, 20000, bufnr)
  return response and response.result
end
local completion = request('textDocument/completion', { textDocument = { uri = uri }, position = { line = 2, character = 4 } })
out.completion = {}
for _, item in ipairs((completion and completion.items) or completion or {}) do
  table.insert(out.completion, item.label)
end
local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = 0, character = 1 } })
out.hover = hover and hover.contents and hover.contents.value
local edit = request('textDocument/rename', { textDocument = { uri = uri }, position = { line = 0, character = 1 }, newName = 'Home Town' })
if edit then vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding or 'utf-16') end
out.lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
vim.fn.writefile({ vim.fn.json_encode(out) }, out_path)
client.stop()
vim.cmd('qa!')
