-- wrk script for server-load.py: sends one request again and again, every Nth one replaced by a
-- bad body (cut off, the wrong shape, nested too deep), and counts the status codes.
--   wrk ... -s server-load.lua URL -- METHOD PATH BODY_FILE BAD_SHARE
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local function read(path)
  local file = assert(io.open(path, "rb"))
  local text = file:read("*a")
  file:close()
  return text
end

function init(args)
  local method, path, body_file, bad_share = args[1], args[2], args[3], tonumber(args[4])
  local headers = { ["Content-Type"] = "application/json" }
  local body = nil
  if body_file ~= "-" then body = read(body_file) end
  good = wrk.format(method, path, headers, body)
  bad = {}
  if body ~= nil and bad_share > 0 then
    table.insert(bad, wrk.format(method, path, headers, string.sub(body, 1, math.floor(#body / 2))))
    table.insert(bad, wrk.format(method, path, headers, '{"id": "x", "text": 5}'))
    table.insert(bad, wrk.format(method, path, headers, string.rep("[", 600) .. string.rep("]", 600)))
    every = math.floor(1 / bad_share + 0.5)
  else
    every = 0
  end
  sent = 0
  statuses = {}
end

function request()
  sent = sent + 1
  if every > 0 and sent % every == 0 then
    return bad[math.floor(sent / every) % #bad + 1]
  end
  return good
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
  end
  for status, count in pairs(total) do
    io.write(string.format("status %d %d\n", status, count))
  end
end
