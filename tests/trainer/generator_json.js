// Prints the page's generator's JSON (grader/trainer/page/generator.js) for
// one set and TILE, one line per seed, for the agreement test (agreement.py).
// Usage: node generator_json.js GENERATOR.js SET TILE SEED...
"use strict";
const [generatorPath, set, tile, ...seeds] = process.argv.slice(2);
const generator = require(require("path").resolve(generatorPath));
for (const seed of seeds) process.stdout.write(JSON.stringify(generator.generate(set, Number(seed), Number(tile))) + "\n");
