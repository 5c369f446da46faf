import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
for (const names of [['parse'], ['parse','check','complete']]) {
  const r = await build({ stdin: { contents: `export { ${names} } from './src/index.ts';`, loader: 'ts', resolveDir: process.cwd() }, bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, metafile: true, treeShaking: true, legalComments: 'none', mainFields: ['module','main'] });
  const out = r.outputFiles[0].contents;
  console.log(names.join('+'), (out.length/1024).toFixed(1), (gzipSync(out).length/1024).toFixed(1));
  const o = Object.values(r.metafile.outputs)[0];
  const by = {};
  for (const [k,v] of Object.entries(o.inputs)) { const d = k.startsWith('node_modules') ? k.split('/').slice(0,2).join('/') : k; by[d] = (by[d]||0)+v.bytesInOutput; }
  console.log(Object.entries(by).sort((a,b)=>b[1]-a[1]).slice(0,40).map(([k,v])=>v+' '+k).join('\n'));
}
