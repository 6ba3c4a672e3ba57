// Lets `node` run the benchmark's TypeScript directly: .ts files are transformed by esbuild on load.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
