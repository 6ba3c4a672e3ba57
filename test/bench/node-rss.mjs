// Loaded with `node --import` by the bench: prints the peak RSS of this Node process (its worker threads
// included, child processes not) when it exits, for test/bench/measure.ts to read.
process.on('exit', () => {
  process.stderr.write(`\nBENCH-NODE-RSS ${process.resourceUsage().maxRSS}\n`);
});
