// The trainer's exercise generator: a port of the C++ one, following the
// rule in grader/trainer/SPEC.md (mulberry32, the draws in order, the answers),
// so that the page and `grader trainer lessonK --seed S --json` give the same
// JSON for a seed. Runs in the page and under node (module.exports).
// Non-goals: checking answers or drawing (trainer.js does both).
var TrainerGenerator = (function () {
  "use strict";

  /** The exercise sets, by the course.yaml lesson id that names them. */
  var SETS = {
    lesson2: ["thread_load", "block_tiles", "element_readers"],
    lesson3: ["resident_phase", "global_reads", "barrier_order"]
  };

  /** The steps of one phase in their canonical order (barrier_order). */
  var STEPS = ["load_a", "load_b", "sync_loaded", "multiply", "sync_used"];

  /** mulberry32: a 32-bit state, next() an unsigned 32-bit integer. */
  function mulberry32(seed) {
    var s = seed >>> 0;
    function next() {
      s = (s + 0x6D2B79F5) >>> 0;
      var z = s;
      z = Math.imul(z ^ (z >>> 15), z | 1) >>> 0;
      z = (z ^ ((z + Math.imul(z ^ (z >>> 7), z | 61)) >>> 0)) >>> 0;
      return (z ^ (z >>> 14)) >>> 0;
    }
    return { next: next, below: function (m) { return next() % m; } };
  }

  function range(r0, r1, c0, c1) { return [r0, r1, c0, c1]; }

  /** Each kind: its draws after n, then its params and answer, keys in the spec's order. */
  var KINDS = {
    thread_load: function (rng, n, T, B) {
      var bx = rng.below(B), by = rng.below(B), p = rng.below(B), tx = rng.below(T), ty = rng.below(T);
      var row = by * T + ty, col = bx * T + tx;
      return {
        params: { bx: bx, by: by, p: p, tx: tx, ty: ty },
        answer: { A: [[row, p * T + tx]], B: [[p * T + ty, col]], tA: [ty, tx], tB: [ty, tx] }
      };
    },
    block_tiles: function (rng, n, T, B) {
      var bx = rng.below(B), by = rng.below(B), p = rng.below(B);
      return {
        params: { bx: bx, by: by, p: p },
        answer: {
          A: [range(by * T, by * T + T - 1, p * T, p * T + T - 1)],
          B: [range(p * T, p * T + T - 1, bx * T, bx * T + T - 1)]
        }
      };
    },
    element_readers: function (rng, n, T, B) {
      var i = rng.below(n), k = rng.below(n);
      var blocks = [];
      for (var bx = 0; bx < B; bx++) blocks.push([bx, Math.floor(i / T)]);
      return { params: { i: i, k: k }, answer: { blocks: blocks, phase: Math.floor(k / T), readers: n } };
    },
    resident_phase: function (rng, n, T, B) {
      var bx = rng.below(B), by = rng.below(B), tx = rng.below(T), ty = rng.below(T), k = rng.below(n);
      return {
        params: { bx: bx, by: by, tx: tx, ty: ty, k: k },
        answer: { phase: Math.floor(k / T), tA: [ty, k % T], tB: [k % T, tx] }
      };
    },
    global_reads: function (rng, n, T) {
      return { params: {}, answer: { naive: 2 * n, tiled: 2 * n / T } };
    },
    barrier_order: function (rng) {
      var shown = STEPS.slice();
      for (var i = 4; i >= 1; i--) {
        var j = rng.below(i + 1);
        var t = shown[i]; shown[i] = shown[j]; shown[j] = t;
      }
      return { params: { shown: shown }, answer: { order: STEPS.slice() } };
    }
  };

  /** The exercises of one set for a seed and TILE, as the JSON object of the spec. */
  function generate(set, seed, tile) {
    if (!SETS.hasOwnProperty(set)) throw new Error("no trainer set '" + set + "'");
    var rng = mulberry32(seed);
    var exercises = SETS[set].map(function (kind) {
      var n = tile * (2 + rng.below(3));
      var made = KINDS[kind](rng, n, tile, n / tile);
      return { kind: kind, n: n, params: made.params, answer: made.answer };
    });
    return { set: set, seed: seed >>> 0, tile: tile, exercises: exercises };
  }

  return { SETS: SETS, STEPS: STEPS, mulberry32: mulberry32, generate: generate };
})();

if (typeof module === "object" && module.exports) module.exports = TrainerGenerator;
