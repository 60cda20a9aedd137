import { benchServingAtScale } from './serving-figures';

const r = await benchServingAtScale({
  sites: Number(process.argv[2] ?? '1000'),
  workers: 2,
  seconds: Number(process.argv[3] ?? '5'),
  rounds: 2,
  log: console.log,
});
console.log(JSON.stringify(r));
process.exit(0);
