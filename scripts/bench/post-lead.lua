-- wrk script: every request posts a distinct, valid lead with its own Idempotency-Key, and every
-- thread counts answers by status so the bench can compare acknowledgements with stored rows.
local counter = 0
local threads = {}
statuses = {} -- global: done() reads it from each thread with thread:get
local thread_id = 0

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  thread_id = id
  run_id = args[1] or "run"
end

function request()
  counter = counter + 1
  local key = string.format("%s-%d-%d", run_id, thread_id, counter)
  local body = string.format(
    '{"first_name":"Bench","last_name":"Lead","email":"%s@example.com","phone":"+14165550123","lead_type":1,"address":"","source":1,"course_id":"","course_type":"","location":1,"financial_aid":false}',
    key)
  return wrk.format("POST", "/api/leads", { ["Content-Type"] = "application/json", ["Idempotency-Key"] = key }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    local s = thread:get("statuses")
    for code, n in pairs(s) do totals[code] = (totals[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(totals) do table.insert(parts, string.format('"%d":%d', code, n)) end
  io.write("STATUSES {" .. table.concat(parts, ",") .. "}\n")
end
