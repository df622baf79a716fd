// Preloaded by bench/profile.ts into the product: the first SIGUSR2 starts the V8 CPU profiler on the
// main thread, the second stops it and writes BENCH_PROFILE_FILE, so the profile covers the load only
// (not the start, whose module loading would otherwise dominate it).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 100 }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.BENCH_PROFILE_FILE ?? 'product.cpuprofile', JSON.stringify(result.profile));
    process.stderr.write('PROFILE WRITTEN\n');
  });
});
