// Compares the browser's rewrite (src/rewrite.mjs) with the native front
// end (cuda-frontend) on every .cu file under the given folders: how many
// it rewrites identically, refuses, or rewrites differently (listed).
// Usage: node compare_frontends.mjs CUDA_FRONTEND CONTRACT_H DIR...
// Non-goal: judging the native front end (it is the reference).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { rewrite } from '../src/rewrite.mjs';

const [frontend, contract, ...dirs] = process.argv.slice(2);
const files = [];
const walk = (d) => { for (const n of readdirSync(d)) { const p = join(d, n); statSync(p).isDirectory() ? walk(p) : p.endsWith('.cu') && files.push(p); } };
dirs.forEach(walk);
const tmp = mkdtempSync(join(tmpdir(), 'fe-'));
const tally = { identical: 0, differs: 0, refusedByBrowser: 0, refusedByNative: 0, refusedByBoth: 0 };
const differing = [], refused = [];
for (const f of files) {
  const out = join(tmp, 'out.cpp'), report = join(tmp, 'report.json');
  try { execFileSync(frontend, [f, '--name', f, '--out', out, '--report', report, '--', '-include', contract, '-DLESSON=3'], { stdio: 'ignore' }); } catch { }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const nativeOk = !r.errors.length && !r.unsupported.length && existsSync(out);
  const native = nativeOk ? readFileSync(out, 'utf8') : null;
  execFileSync('rm', ['-f', out]);
  const ours = rewrite(readFileSync(f, 'utf8'));
  const oursOk = !ours.unsupported.length;
  if (nativeOk && oursOk) {
    if (ours.rewritten === native) tally.identical++; else { tally.differs++; differing.push(f); }
  } else if (nativeOk) { tally.refusedByBrowser++; refused.push(`${f}: ${ours.unsupported[0].construct}`); }
  else if (oursOk) tally.refusedByNative++;
  else tally.refusedByBoth++;
}
console.log(`${files.length} files:`, JSON.stringify(tally));
for (const f of differing) console.log('differs:', f);
for (const f of refused) console.log('refused in the browser only:', f);
