// Preloaded (`node --import`) into a command the bench measures: its peak resident memory, on exit.
process.on('exit', () => process.stderr.write(`\nbench-peak-rss-kb ${process.resourceUsage().maxRSS}\n`));
