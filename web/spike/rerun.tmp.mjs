import { readFileSync } from 'node:fs';
import { WASI } from 'node:wasi';
const module = await WebAssembly.compile(readFileSync('build/child.wasm'));
for (let i = 0; i < 6; i++) {
  const t0 = performance.now();
  const wasi = new WASI({ version: 'preview1', args: ['child', `/out/rec.x`, 'matmul', '64', '0', '508447'], preopens: { '/out': 'build/records' }, returnOnExit: true });
  const rc = wasi.start(await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport }));
  console.log(i, rc, (performance.now() - t0).toFixed(0), 'ms');
}
