import { build } from 'esbuild';
const r = await build({ stdin: { contents: `export { parse } from './dist/index.js';`, loader: 'js', resolveDir: process.cwd() }, bundle: true, format: 'esm', platform: 'browser', write: false, treeShaking: true, legalComments: 'none', external: ['./vendor/chevrotain.js'] });
process.stdout.write(r.outputFiles[0].text);
