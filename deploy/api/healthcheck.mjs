// The API container's health check (docker-compose.yml). Docker only marks a container
// unhealthy and restarts nothing, so when the API does not answer at all (a stuck process),
// this kills it: the container's init (compose `init: true`) exits with it and the restart
// policy starts a fresh one. An answer, even 503 "degraded", means the process is alive: a
// storage outage is reported (exit 1, unhealthy) but not "cured" by restarting the API.
import { readdirSync, readFileSync } from 'node:fs';

const url = process.env.HEALTH_URL ?? 'http://127.0.0.1:8080/api/health';
const processMarker = process.env.HEALTH_PROCESS ?? 'api/src/server.ts';
const deadlineMs = Number(process.env.HEALTH_DEADLINE_MS ?? 10_000);

function serverProcessIds() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(processMarker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(deadlineMs) });
  process.exit(response.ok ? 0 : 1);
} catch {
  for (const pid of serverProcessIds()) process.kill(pid, 'SIGKILL');
  console.error(`no answer from ${url} within ${deadlineMs} ms: the API process was stopped to be restarted`);
  process.exit(1);
}
