// npm run bench — the performance benchmarks. They arrive with the publishing pipeline.
console.log('not yet: the benchmarks arrive with the publishing pipeline');
