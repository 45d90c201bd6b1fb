// The trainer page: draws the exercises of generator.js as grids of cells the
// student marks (mouse: click or drag a rectangle; keyboard: arrows move,
// space or enter marks, shift+arrows marks while moving), checks every answer
// part, colours right, extra and missing cells and explains the index
// arithmetic; English and Russian; progress in localStorage, keyed by the
// course's version, the set and the seed. A second panel shows the JSON of
// `grader tilemap --json` (embedded, or loaded from a file) beside the correct
// tiles, one phase at a time.
// Opened as "PAGE#embedded" in a frame of a page of its own origin (the
// browser edition, web/src/trainer_panel.mjs), it also posts that page the
// answers of each exercise checked, as the terminal trainer records them
// ({type: "grader-trainer-answers", course, set, seed, index, kinds,
// answers: {part: text}, right, wasRight}), and takes from it the tile map
// of the student's file ({type: "grader-tilemap", json, error, note}) and
// the language ({type: "grader-lang", lang}).
// Non-goals: grading for points (the terminal trainer and the trainer check
// do that), any network.
(function () {
  "use strict";
  var G = TrainerGenerator;
  var config = JSON.parse(document.getElementById("trainer-config").textContent);
  var T = config.tile;

  // ---- words ---------------------------------------------------------------------------------
  function cellName(m, r, c) { return m + "[" + r + "][" + c + "]"; }
  function rangeName(m, r) { return m + "[" + r[0] + ".." + r[1] + "][" + r[2] + ".." + r[3] + "]"; }

  // Every message once, keyed by what it says: {en, ru} where the languages differ, one value
  // where they do not; steps are the labels of barrier_order's phase steps.
  var MESSAGES = {
    title: { en: "Tile-map trainer", ru: "Тренажёр: карта тайлов" }, set: { en: "Exercises", ru: "Упражнения" }, seed: "Seed",
    go: { en: "New exercises", ru: "Новые упражнения" }, language: { en: "Language", ru: "Язык" },
    setName: {
      en: function (s) { return "Lesson " + s.replace("lesson", "") + " (" + s + ")"; },
      ru: function (s) { return "Урок " + s.replace("lesson", "") + " (" + s + ")"; }
    },
    exercise: { en: function (i) { return "Exercise " + (i + 1); }, ru: function (i) { return "Упражнение " + (i + 1); } },
    kinds: {
      thread_load: { en: "One thread's loads", ru: "Что загружает один поток" }, block_tiles: { en: "A block's tiles", ru: "Тайлы блока" },
      element_readers: { en: "Who reads A[i][k]", ru: "Кто читает A[i][k]" },
      resident_phase: { en: "The tiles in shared memory", ru: "Какие тайлы в разделяемой памяти" },
      global_reads: { en: "Global reads", ru: "Чтения из глобальной памяти" },
      barrier_order: { en: "Where the barriers go", ru: "Где стоят барьеры" }
    },
    check: { en: "Check", ru: "Проверить" }, clear: { en: "Clear", ru: "Очистить" }, right: { en: "Right", ru: "Верно" },
    partly: { en: "Partly right", ru: "Частично верно" }, wrong: { en: "Wrong", ru: "Неверно" },
    progress: {
      en: function (right, all, seed) { return right + " of " + all + " right (seed " + seed + ", kept in this browser)"; },
      ru: function (right, all, seed) { return "Верно " + right + " из " + all + " (seed " + seed + ", хранится в этом браузере)"; }
    },
    badSeed: { en: "The seed is a whole number from 0 to 4294967295.", ru: "Seed — целое число от 0 до 4294967295." },
    noStorage: {
      en: "This browser keeps no progress here (localStorage is off).",
      ru: "Этот браузер здесь не хранит прогресс (localStorage выключен)."
    },
    hint: {
      en: "Click a cell, or drag to mark a rectangle (click again to unmark). Keyboard: Tab to a grid, arrows move, space or enter marks, shift+arrows marks while moving.",
      ru: "Щёлкните клетку или протяните мышью прямоугольник (повторный щелчок снимает отметку). Клавиатура: Tab до сетки, стрелки — перемещение, пробел или Enter — отметить, Shift+стрелки — отмечать на ходу."
    },
    legend: {
      marked: { en: "marked", ru: "отмечено" }, ok: { en: "right", ru: "верно" },
      extra: { en: "extra (not part of the answer)", ru: "лишнее (не входит в ответ)" },
      missing: { en: "missing (part of the answer)", ru: "пропущено (входит в ответ)" }, given: { en: "given", ru: "дано" },
      ctx: { en: "the block's tile", ru: "тайл блока" }
    },
    grids: {
      A: "A (n × n)", B: "B (n × n)", C: "C (n × n)", tA: "tA (TILE × TILE)", tB: "tB (TILE × TILE)",
      blocks: { en: "C's tiles: one cell per block (column bx, row by)", ru: "Тайлы C: клетка на блок (столбец bx, строка by)" }
    },
    parts: {
      A: "A", B: "B", tA: "tA", tB: "tB", blocks: { en: "blocks", ru: "блоки" }, phase: { en: "phase", ru: "фаза" },
      readers: { en: "threads that read it", ru: "потоков читают его" }, naive: { en: "naive kernel", ru: "наивное ядро" },
      tiled: { en: "tiled kernel", ru: "тайловое ядро" }, order: { en: "order", ru: "порядок" }
    },
    question: {
      thread_load: {
        en: function (e, p) { return "Block (bx, by) = (" + p.bx + ", " + p.by + "), thread (tx, ty) = (" + p.tx + ", " + p.ty + "), phase p = " + p.p +
          "; n = " + e.n + ", TILE = " + T + ". Mark the element of A and the element of B this thread loads, and the slots of tA and tB it stores them in."; },
        ru: function (e, p) { return "Блок (bx, by) = (" + p.bx + ", " + p.by + "), поток (tx, ty) = (" + p.tx + ", " + p.ty + "), фаза p = " + p.p +
          "; n = " + e.n + ", TILE = " + T + ". Отметьте элемент A и элемент B, которые загружает этот поток, и ячейки tA и tB, куда он их кладёт."; }
      },
      block_tiles: {
        en: function (e, p) { return "Block (bx, by) = (" + p.bx + ", " + p.by + ") in phase p = " + p.p + "; n = " + e.n + ", TILE = " + T +
          ". Mark the whole tile of A and the whole tile of B the block loads."; },
        ru: function (e, p) { return "Блок (bx, by) = (" + p.bx + ", " + p.by + ") в фазе p = " + p.p + "; n = " + e.n + ", TILE = " + T +
          ". Отметьте весь тайл A и весь тайл B, которые загружает блок."; }
      },
      element_readers: {
        en: function (e, p) { return "Element A[i][k] = A[" + p.i + "][" + p.k + "]; n = " + e.n + ", TILE = " + T +
          ". Mark every block that loads it (on the grid of C's tiles), and give the phase in which they load it and how many threads read it from shared memory, in all blocks together."; },
        ru: function (e, p) { return "Элемент A[i][k] = A[" + p.i + "][" + p.k + "]; n = " + e.n + ", TILE = " + T +
          ". Отметьте все блоки, которые его загружают (на сетке тайлов C), и укажите фазу, в которой они его загружают, и сколько потоков читают его из разделяемой памяти во всех блоках вместе."; }
      },
      resident_phase: {
        en: function (e, p) { return "Block (bx, by) = (" + p.bx + ", " + p.by + "), thread (tx, ty) = (" + p.tx + ", " + p.ty + ") computes its product k = " + p.k +
          " (k counts over the whole dot product, 0.." + (e.n - 1) + "); n = " + e.n + ", TILE = " + T +
          ". Which phase's tiles are in shared memory then? Mark the slots of tA and tB it reads."; },
        ru: function (e, p) { return "Блок (bx, by) = (" + p.bx + ", " + p.by + "), поток (tx, ty) = (" + p.tx + ", " + p.ty + ") вычисляет произведение k = " + p.k +
          " (k считается по всему скалярному произведению, 0.." + (e.n - 1) + "); n = " + e.n + ", TILE = " + T +
          ". Тайлы какой фазы в этот момент лежат в разделяемой памяти? Отметьте ячейки tA и tB, которые он читает."; }
      },
      global_reads: {
        en: function (e) { return "n = " + e.n + ", TILE = " + T + ": how many reads of global memory does one element of C take in the naive kernel, and in the tiled kernel?"; },
        ru: function (e) { return "n = " + e.n + ", TILE = " + T + ": сколько чтений из глобальной памяти нужно на один элемент C в наивном ядре и в тайловом?"; }
      },
      barrier_order: {
        en: function () { return "The steps of one phase, shuffled. Type their labels in the order the kernel runs them (e.g. 3 1 5 2 4), or press the labels in that order."; },
        ru: function () { return "Шаги одной фазы, перемешанные. Наберите их номера в том порядке, в каком их выполняет ядро (например, 3 1 5 2 4), или нажмите номера в этом порядке."; }
      }
    },
    noMark: { en: "nothing marked", ru: "ничего не отмечено" },
    more: { en: function (k) { return " and " + k + " more"; }, ru: function (k) { return " и ещё " + k; } },
    noValue: { en: "no answer", ru: "нет ответа" },
    notNumber: { en: function (v) { return "“" + v + "” is not a whole number"; }, ru: function (v) { return "«" + v + "» — не целое число"; } },
    marked: { en: function (list) { return "you marked " + list; }, ru: function (list) { return "вы отметили " + list; } },
    typed: { en: function (v) { return "you answered " + v; }, ru: function (v) { return "ваш ответ: " + v; } },
    missingExtra: {
      en: function (missing, extra) {
        var parts = [];
        if (missing.count) parts.push(missing.count + " of the right cells missing: " + missing.list);
        if (extra.count) parts.push(extra.count + " extra: " + extra.list);
        return parts.join("; ");
      },
      ru: function (missing, extra) {
        var parts = [];
        if (missing.count) parts.push("пропущено верных клеток: " + missing.count + " (" + missing.list + ")");
        if (extra.count) parts.push("лишних: " + extra.count + " (" + extra.list + ")");
        return parts.join("; ");
      }
    },
    isRight: { en: "right", ru: "верно" },
    orderForm: {
      en: "type the five labels 1 to 5, each once, e.g. 3 1 5 2 4",
      ru: "наберите пять номеров от 1 до 5, каждый один раз, например 3 1 5 2 4"
    },
    explain: {
      A_thread: {
        en: function (x) { return "row = by*TILE + ty = " + x.by + "*" + T + " + " + x.ty + " = " + x.row + "; the thread loads A[row][p*TILE + tx] = " + cellName("A", x.row, x.p * T + x.tx); },
        ru: function (x) { return "row = by*TILE + ty = " + x.by + "*" + T + " + " + x.ty + " = " + x.row + "; поток загружает A[row][p*TILE + tx] = " + cellName("A", x.row, x.p * T + x.tx); }
      },
      B_thread: {
        en: function (x) { return "col = bx*TILE + tx = " + x.bx + "*" + T + " + " + x.tx + " = " + x.col + "; the thread loads B[p*TILE + ty][col] = " + cellName("B", x.p * T + x.ty, x.col); },
        ru: function (x) { return "col = bx*TILE + tx = " + x.bx + "*" + T + " + " + x.tx + " = " + x.col + "; поток загружает B[p*TILE + ty][col] = " + cellName("B", x.p * T + x.ty, x.col); }
      },
      tA_thread: {
        en: function (x) { return "each thread stores its element of A in its own slot: tA[ty][tx] = " + cellName("tA", x.ty, x.tx); },
        ru: function (x) { return "каждый поток кладёт свой элемент A в свою ячейку: tA[ty][tx] = " + cellName("tA", x.ty, x.tx); }
      },
      tB_thread: {
        en: function (x) { return "each thread stores its element of B in its own slot: tB[ty][tx] = " + cellName("tB", x.ty, x.tx); },
        ru: function (x) { return "каждый поток кладёт свой элемент B в свою ячейку: tB[ty][tx] = " + cellName("tB", x.ty, x.tx); }
      },
      A_block: {
        en: function (x, r) { return "the block's rows are by*TILE .. by*TILE + TILE-1 = " + r[0] + ".." + r[1] + "; phase p takes the columns p*TILE .. p*TILE + TILE-1 = " + r[2] + ".." + r[3] + ": " + rangeName("A", r); },
        ru: function (x, r) { return "строки блока: by*TILE .. by*TILE + TILE-1 = " + r[0] + ".." + r[1] + "; фаза p берёт столбцы p*TILE .. p*TILE + TILE-1 = " + r[2] + ".." + r[3] + ": " + rangeName("A", r); }
      },
      B_block: {
        en: function (x, r) { return "phase p takes the rows p*TILE .. p*TILE + TILE-1 = " + r[0] + ".." + r[1] + "; the block's columns are bx*TILE .. bx*TILE + TILE-1 = " + r[2] + ".." + r[3] + ": " + rangeName("B", r); },
        ru: function (x, r) { return "фаза p берёт строки p*TILE .. p*TILE + TILE-1 = " + r[0] + ".." + r[1] + "; столбцы блока: bx*TILE .. bx*TILE + TILE-1 = " + r[2] + ".." + r[3] + ": " + rangeName("B", r); }
      },
      blocks: {
        en: function (x) { return "row i = " + x.i + " belongs to the blocks with by = i / TILE = " + x.i + " / " + T + " = " + x.by + ": every bx from 0 to " + (x.B - 1) +
          " (" + x.B + " blocks); in each, thread (tx, ty) = (k % TILE, i % TILE) = (" + x.tx + ", " + x.ty + ") loads it"; },
        ru: function (x) { return "строка i = " + x.i + " принадлежит блокам с by = i / TILE = " + x.i + " / " + T + " = " + x.by + ": все bx от 0 до " + (x.B - 1) +
          " (" + x.B + " блоков); в каждом его загружает поток (tx, ty) = (k % TILE, i % TILE) = (" + x.tx + ", " + x.ty + ")"; }
      },
      phase_readers: {
        en: function (x) { return "column k = " + x.k + " is in the tile of phase p = k / TILE = " + x.k + " / " + T + " = " + x.p; },
        ru: function (x) { return "столбец k = " + x.k + " лежит в тайле фазы p = k / TILE = " + x.k + " / " + T + " = " + x.p; }
      },
      readers: {
        en: function (x) { return "in each block the TILE = " + T + " threads of row ty = " + x.ty + " read it from tA; " + x.B + " blocks: " + T + "*" + x.B + " = " + x.n + " = n threads"; },
        ru: function (x) { return "в каждом блоке его читают из tA TILE = " + T + " потоков строки ty = " + x.ty + "; блоков " + x.B + ": " + T + "*" + x.B + " = " + x.n + " = n потоков"; }
      },
      phase_resident: {
        en: function (x) { return "product k uses A[row][k] and B[k][col]; k = " + x.k + " is in phase p = k / TILE = " + x.k + " / " + T + " = " + x.p; },
        ru: function (x) { return "произведение k использует A[row][k] и B[k][col]; k = " + x.k + " лежит в фазе p = k / TILE = " + x.k + " / " + T + " = " + x.p; }
      },
      tA_resident: {
        en: function (x) { return "inside the phase j = k % TILE = " + x.j + ": the thread reads tA[ty][j] = " + cellName("tA", x.ty, x.j); },
        ru: function (x) { return "внутри фазы j = k % TILE = " + x.j + ": поток читает tA[ty][j] = " + cellName("tA", x.ty, x.j); }
      },
      tB_resident: {
        en: function (x) { return "inside the phase j = k % TILE = " + x.j + ": the thread reads tB[j][tx] = " + cellName("tB", x.j, x.tx); },
        ru: function (x) { return "внутри фазы j = k % TILE = " + x.j + ": поток читает tB[j][tx] = " + cellName("tB", x.j, x.tx); }
      },
      naive: {
        en: function (x) { return "the naive kernel reads a row of A and a column of B from global memory: 2*n = 2*" + x.n + " = " + 2 * x.n + " reads"; },
        ru: function (x) { return "наивное ядро читает из глобальной памяти строку A и столбец B: 2*n = 2*" + x.n + " = " + 2 * x.n + " чтений"; }
      },
      tiled: {
        en: function (x) { return "the tiled kernel loads one element of A and one of B per phase, n / TILE = " + x.n + " / " + T + " = " + x.B + " phases: 2*n/TILE = " + 2 * x.B + " reads"; },
        ru: function (x) { return "тайловое ядро за фазу загружает один элемент A и один элемент B, фаз n / TILE = " + x.n + " / " + T + " = " + x.B + ": 2*n/TILE = " + 2 * x.B + " чтений"; }
      },
      order: {
        en: function (labels) { return "both loads first (in either order), then __syncthreads() so the tiles are complete, then the products, then __syncthreads() so that no thread overwrites the tiles while another still reads them: " + labels; },
        ru: function (labels) { return "сначала обе загрузки (в любом порядке), затем __syncthreads(), чтобы тайлы были загружены целиком, затем произведения, затем __syncthreads(), чтобы ни один поток не перезаписал тайлы, пока другой их ещё читает: " + labels; }
      }
    },
    tilemap: {
      title: { en: "Your kernel beside the correct tiles", ru: "Ваше ядро рядом с верными тайлами" },
      embedded: {
        en: "Nothing drawn yet: Check your file, and the tile map of its kernel (block 0,0, every phase) is drawn here.",
        ru: "Пока ничего не нарисовано: нажмите Check, и здесь появится карта тайлов вашего ядра (блок 0,0, все фазы)."
      },
      load: { en: "Load the JSON of grader tilemap … --json", ru: "Загрузите JSON из grader tilemap … --json" },
      none: { en: "Nothing loaded yet. Write it from the kit's folder with: ", ru: "Пока ничего не загружено. Запишите его из папки курса так: " },
      bad: {
        en: function (why) { return "This file is not the JSON of grader tilemap --json: " + why; },
        ru: function (why) { return "Это не JSON из grader tilemap --json: " + why; }
      },
      head: {
        en: function (j) { return j.lesson + ", n = " + j.n + ", TILE = " + j.tile + ", block (" + j.block[0] + ", " + j.block[1] + ")"; },
        ru: function (j) { return j.lesson + ", n = " + j.n + ", TILE = " + j.tile + ", блок (" + j.block[0] + ", " + j.block[1] + ")"; }
      },
      phase: { en: "Phase", ru: "Фаза" },
      yours: { en: function (m) { return m + ": your kernel's loads"; }, ru: function (m) { return m + ": что загрузило ваше ядро"; } },
      correct: { en: function (m) { return m + ": the correct tile"; }, ru: function (m) { return m + ": верный тайл"; } },
      stores: { en: "C: your kernel's stores (the whole launch)", ru: "C: что записало ваше ядро (весь запуск)" },
      times: {
        en: function (k) { return k === 0 ? "not loaded" : "loaded " + k + (k === 1 ? " time" : " times"); },
        ru: function (k) { return k === 0 ? "не загружен" : "загружен " + k + " раз"; }
      },
      storedTimes: {
        en: function (k) { return k === 0 ? "not stored" : "stored " + k + (k === 1 ? " time" : " times"); },
        ru: function (k) { return k === 0 ? "не записан" : "записан " + k + " раз"; }
      }
    },
    steps: {
      load_a: "tA[ty][tx] = A[row][p*TILE + tx]", load_b: "tB[ty][tx] = B[p*TILE + ty][col]",
      sync_loaded: { en: "__syncthreads(): the tiles are complete", ru: "__syncthreads(): тайлы загружены целиком" },
      multiply: { en: "sum += tA[ty][j] * tB[j][tx] for j in 0..TILE-1", ru: "sum += tA[ty][j] * tB[j][tx] для j от 0 до TILE-1" },
      sync_used: {
        en: "__syncthreads(): every thread is done with the tiles before the next phase overwrites them",
        ru: "__syncthreads(): все потоки закончили с тайлами, прежде чем следующая фаза их перезапишет"
      }
    }
  };
  /** `table` in one language: each {en, ru} entry replaced by its `lang` value, groups kept. */
  function inLanguage(table, lang) {
    var out = {};
    for (var k in table) {
      var v = table[k], group = v !== null && typeof v === "object";
      out[k] = !group ? v : "en" in v && "ru" in v ? v[lang] : inLanguage(v, lang);
    }
    return out;
  }
  var WORDS = { en: inLanguage(MESSAGES, "en"), ru: inLanguage(MESSAGES, "ru") };

  // ---- state ---------------------------------------------------------------------------------
  var state = {
    lang: WORDS[config.lang] ? config.lang : "en",
    set: config.sets.indexOf(config.set) >= 0 ? config.set : config.sets[0],
    seed: config.seed >>> 0,
    index: 0,
    data: null,      // the generator's JSON
    work: [],        // per exercise: {marks: {part: Set}, values: {part: string}, result}
    tilemap: null,   // the parsed tilemap JSON
    tilemapNote: "", // embedded: the page's word on the tile map while there is none (running, ...)
    tilemapPhase: 0
  };
  function words() { return WORDS[state.lang]; }
  /** In a frame of the browser edition's page ("#embedded"): the answers go to it, the tile map comes from it. */
  var embedded = /(^#|&)embedded(&|$)/.test(location.hash) && window.parent !== window;
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function key(r, c) { return r + "," + c; }
  /** [[key, state], ...] for every key of a Set. */
  function tagged(keys, state) { var out = []; keys.forEach(function (k) { out.push([k, state]); }); return out; }
  function cellsOfRange(r) { var s = []; for (var i = r[0]; i <= r[1]; i++) for (var j = r[2]; j <= r[3]; j++) s.push(key(i, j)); return s; }

  // ---- progress (localStorage) ----------------------------------------------------------------
  var storageOk = (function () { try { var k = "grader-trainer-probe"; localStorage.setItem(k, "1"); localStorage.removeItem(k); return true; } catch (e) { return false; } })();
  function progressKey() { return "grader-trainer/" + config.course + "/" + state.set + "/" + state.seed; }
  function loadProgress() {
    if (!storageOk) return {};
    try { var v = JSON.parse(localStorage.getItem(progressKey()) || "{}"); return v && typeof v === "object" ? v : {}; } catch (e) { return {}; }
  }
  function saveProgress(p) { if (storageOk) try { localStorage.setItem(progressKey(), JSON.stringify(p)); } catch (e) { /* full: keep going */ } }

  // ---- the parts of each exercise ------------------------------------------------------------
  // A part: {id, type: "grid"|"number"|"order", grid: {rows, cols, tile, caption}, expected: [keys] | number | order}
  function partsOf(e) {
    var p = e.params, a = e.answer, n = e.n, B = n / T;
    var big = function (id) { return { id: id, type: "grid", grid: { rows: n, cols: n, tile: T, caption: id }, expected: null }; };
    var slot = function (id, s) { return { id: id, type: "grid", grid: { rows: T, cols: T, tile: T, caption: id }, expected: [key(s[0], s[1])] }; };
    var num = function (id, v) { return { id: id, type: "number", expected: v }; };
    switch (e.kind) {
      case "thread_load": {
        var A = big("A"), Bp = big("B");
        A.expected = [key(a.A[0][0], a.A[0][1])]; Bp.expected = [key(a.B[0][0], a.B[0][1])];
        return [A, Bp, slot("tA", a.tA), slot("tB", a.tB)];
      }
      case "block_tiles": {
        var A2 = big("A"), B2 = big("B");
        A2.expected = cellsOfRange(a.A[0]); B2.expected = cellsOfRange(a.B[0]);
        return [A2, B2];
      }
      case "element_readers":
        return [{ id: "blocks", type: "grid", grid: { rows: B, cols: B, tile: 1, caption: "blocks" },
                  expected: a.blocks.map(function (b) { return key(b[1], b[0]); }) },
                num("phase", a.phase), num("readers", a.readers)];
      case "resident_phase": return [num("phase", a.phase), slot("tA", a.tA), slot("tB", a.tB)];
      case "global_reads": return [num("naive", a.naive), num("tiled", a.tiled)];
      case "barrier_order": return [{ id: "order", type: "order", expected: a.order, shown: p.shown }];
    }
    return [];
  }

  /** The grid drawn for context only (not answered on): its caption, size and the cells given or shaded. */
  function contextOf(e) {
    var p = e.params, n = e.n, given = [], ctx = [];
    if (e.kind === "element_readers") return { id: "A", rows: n, cols: n, given: [key(p.i, p.k)], ctx: [] };
    if (e.kind === "global_reads" || e.kind === "barrier_order") return null;
    ctx = cellsOfRange([p.by * T, p.by * T + T - 1, p.bx * T, p.bx * T + T - 1]);
    if (p.tx !== undefined) given = [key(p.by * T + p.ty, p.bx * T + p.tx)];
    return { id: "C", rows: n, cols: n, given: given, ctx: ctx };
  }

  /** The index arithmetic of one part, in the page's language. */
  function explanation(e, partId) {
    var p = e.params, x = {}, w = words().explain, n = e.n, B = n / T;
    for (var k in p) x[k] = p[k];
    x.n = n; x.B = B;
    if (p.by !== undefined && p.ty !== undefined) x.row = p.by * T + p.ty;
    if (p.bx !== undefined && p.tx !== undefined) x.col = p.bx * T + p.tx;
    switch (e.kind) {
      case "thread_load": return w[partId + "_thread"](x);
      case "block_tiles": return w[partId + "_block"](x, e.answer[partId][0]);
      case "element_readers":
        x.by = Math.floor(p.i / T); x.tx = p.k % T; x.ty = p.i % T; x.p = Math.floor(p.k / T);
        return partId === "blocks" ? w.blocks(x) : partId === "phase" ? w.phase_readers(x) + "; " + w.blocks(x) : w.readers(x);
      case "resident_phase":
        x.p = Math.floor(p.k / T); x.j = p.k % T;
        return partId === "phase" ? w.phase_resident(x) : w[partId + "_resident"](x);
      case "global_reads": return w[partId](x);
      case "barrier_order":
        return w.order(e.answer.order.map(function (id) { return String(p.shown.indexOf(id) + 1); }).join(" "));
    }
    return "";
  }

  // ---- checking ------------------------------------------------------------------------------
  function listCells(name, keys) {
    var rc = keys.map(function (k) { return k.split(",").map(Number); });
    var r0 = Math.min.apply(null, rc.map(function (x) { return x[0]; })), r1 = Math.max.apply(null, rc.map(function (x) { return x[0]; }));
    var c0 = Math.min.apply(null, rc.map(function (x) { return x[1]; })), c1 = Math.max.apply(null, rc.map(function (x) { return x[1]; }));
    if (keys.length > 1 && name !== "blocks" && keys.length === (r1 - r0 + 1) * (c1 - c0 + 1)) return rangeName(name, [r0, r1, c0, c1]);  // one rectangle
    var shown = keys.slice(0, 6).map(function (k) { var rc = k.split(","); return name === "blocks" ? "(" + rc[1] + ", " + rc[0] + ")" : cellName(name, rc[0], rc[1]); });
    return shown.join(", ") + (keys.length > 6 ? words().more(keys.length - 6) : "");
  }

  /** Parses the order typed: five labels 1..5, each once; null when it is not that. */
  function parseOrder(text) {
    var labels = text.trim().split(/[\s,;]+/).filter(Boolean);
    if (labels.length !== 5) return null;
    var seen = {};
    for (var i = 0; i < 5; i++) {
      if (!/^[1-5]$/.test(labels[i]) || seen[labels[i]]) return null;
      seen[labels[i]] = true;
    }
    return labels.map(Number);
  }

  /** Checks one part; returns {status: right|partly|wrong|empty, ok, extra, missing (keys), note}. */
  function checkPart(part, work) {
    var w = words();
    if (part.type === "grid") {
      var marked = work.marks[part.id], expected = new Set(part.expected), ok = [], extra = [], missing = [];
      marked.forEach(function (k) { (expected.has(k) ? ok : extra).push(k); });
      part.expected.forEach(function (k) { if (!marked.has(k)) missing.push(k); });
      var status = !extra.length && !missing.length ? "right" : marked.size === 0 ? "empty" : ok.length ? "partly" : "wrong";
      var note = status === "empty" ? w.noMark : status === "wrong" ? w.marked(listCells(part.id, extra))
        : status === "partly" ? w.missingExtra({ count: missing.length, list: listCells(part.id, missing) }, { count: extra.length, list: listCells(part.id, extra) }) : "";
      return { status: status, ok: ok, extra: extra, missing: missing, note: note };
    }
    var text = (work.values[part.id] || "").trim();
    if (!text) return { status: "empty", note: w.noValue };
    if (part.type === "number") {
      if (!/^\d{1,9}$/.test(text)) return { status: "wrong", note: w.notNumber(text) };  // as the terminal reads one
      return Number(text) === part.expected ? { status: "right", note: "" } : { status: "wrong", note: w.typed(text) };
    }
    var order = parseOrder(text);
    if (!order) return { status: "wrong", note: w.typed(text) + " (" + w.orderForm + ")" };
    var ids = order.map(function (label) { return part.shown[label - 1]; });
    var loadsFirst = (ids[0] === "load_a" && ids[1] === "load_b") || (ids[0] === "load_b" && ids[1] === "load_a");
    var right = loadsFirst && ids[2] === "sync_loaded" && ids[3] === "multiply" && ids[4] === "sync_used";
    return { status: right ? "right" : "wrong", note: right ? "" : w.typed(text) };
  }

  function verdictOf(results) {
    var all = results.every(function (r) { return r.status === "right"; });
    if (all) return "right";
    return results.some(function (r) { return r.status === "right" || r.status === "partly"; }) ? "partly" : "wrong";
  }

  // ---- grids ---------------------------------------------------------------------------------
  /** Fill colours of the cell states (the legend shows the same); missing and extra also get a ring. */
  var FILL = { marked: "#2f5fd0", ok: "#1b7f3a", extra: "#c62828", missing: "#ffe08a", given: "#7b3fb5", ctx: "#dfe3ea" };
  var RING = { extra: "#6d0d0d", missing: "#a86f00" };

  /**
   * A grid of cells drawn on a canvas in a figure (thousands of cells stay fast to draw).
   * opts: {name, caption, rows, cols, tile, active, states() -> [[key, state], ...] for the cells not blank
   *        (painted in that order), describe(r,c),
   *        isMarked(r,c), snapshot(), onMark(keys, on, before)}. Mouse: click or drag a rectangle;
   * keyboard: arrows move the cursor, space or enter marks, shift+arrows marks while moving.
   */
  function makeGrid(opts) {
    var fig = el("figure");
    var cap = el("figcaption", null, opts.caption);
    var readout = el("span", { "class": "readout", "aria-live": "polite" });
    cap.appendChild(readout);
    var cellPx = Math.max(6, Math.min(opts.rows <= 8 ? 40 : 26, Math.floor(448 / Math.max(opts.rows, opts.cols))));
    var W = opts.cols * cellPx + 1, H = opts.rows * cellPx + 1, dpr = window.devicePixelRatio || 1;
    var canvas = el("canvas", { id: "grid-" + opts.name, "class": "grid" + (opts.active ? " active" : ""), width: Math.round(W * dpr), height: Math.round(H * dpr),
                                style: "width:" + W + "px;height:" + H + "px", "data-rows": opts.rows, "data-cols": opts.cols, "data-cell-px": cellPx,
                                role: opts.active ? "application" : "img", "aria-label": opts.caption });
    var g = canvas.getContext("2d");
    g.scale(dpr, dpr);
    fig.appendChild(cap); fig.appendChild(canvas);
    var view = { figure: fig, canvas: canvas, cursor: [0, 0], focused: false };
    view.paint = function () {
      g.fillStyle = "#fff"; g.fillRect(0, 0, W, H);
      opts.states().forEach(function (entry) {
        var rc = entry[0].split(","), s = entry[1], x = Number(rc[1]) * cellPx + 1, y = Number(rc[0]) * cellPx + 1;
        g.fillStyle = FILL[s]; g.fillRect(x, y, cellPx - 1, cellPx - 1);
        if (RING[s] && cellPx >= 8) { g.strokeStyle = RING[s]; g.lineWidth = 1.5; g.strokeRect(x + 0.75, y + 0.75, cellPx - 2.5, cellPx - 2.5); }
      });
      var lines = function (colour, tileEdges) {  // one path per colour: the cell lines, then the tile edges
        g.beginPath();
        for (var i = 0; i <= opts.cols; i++) if ((i % opts.tile === 0) === tileEdges) { g.moveTo(i * cellPx + 0.5, 0); g.lineTo(i * cellPx + 0.5, H); }
        for (var j = 0; j <= opts.rows; j++) if ((j % opts.tile === 0) === tileEdges) { g.moveTo(0, j * cellPx + 0.5); g.lineTo(W, j * cellPx + 0.5); }
        g.strokeStyle = colour; g.lineWidth = 1; g.stroke();
      };
      lines("#d5d9e0", false);
      lines("#4a5260", true);
      if (view.focused) {
        g.strokeStyle = "#ff7a00"; g.lineWidth = 3;
        g.strokeRect(view.cursor[1] * cellPx - 0.5, view.cursor[0] * cellPx - 0.5, cellPx + 2, cellPx + 2);
      }
    };
    function rcOf(ev) {
      var box = canvas.getBoundingClientRect();
      var c = Math.floor((ev.clientX - box.left) / cellPx), r = Math.floor((ev.clientY - box.top) / cellPx);
      return r >= 0 && c >= 0 && r < opts.rows && c < opts.cols ? [r, c] : null;
    }
    function show(rc) {
      readout.textContent = rc ? opts.describe(rc[0], rc[1]) + (opts.active && opts.isMarked(rc[0], rc[1]) ? " ●" : "") : "";
    }
    canvas.addEventListener("pointerleave", function () { if (!view.focused) show(null); });
    if (opts.active) {
      canvas.tabIndex = 0;
      var drag = null;
      var rect = function (a, b) {
        var keys = [];
        for (var i = Math.min(a[0], b[0]); i <= Math.max(a[0], b[0]); i++)
          for (var j = Math.min(a[1], b[1]); j <= Math.max(a[1], b[1]); j++) keys.push(key(i, j));
        return keys;
      };
      canvas.addEventListener("pointerdown", function (ev) {
        var rc = rcOf(ev);
        if (!rc || ev.button !== 0) return;
        ev.preventDefault();
        canvas.focus();
        if (canvas.setPointerCapture) try { canvas.setPointerCapture(ev.pointerId); } catch (e) { /* a synthetic pointer */ }
        view.cursor = rc;
        drag = { anchor: rc, on: !opts.isMarked(rc[0], rc[1]), before: opts.snapshot(), last: key(rc[0], rc[1]) };
        opts.onMark(rect(rc, rc), drag.on, drag.before);
        show(rc);
      });
      canvas.addEventListener("pointermove", function (ev) {
        var rc = rcOf(ev);
        if (!drag) { if (rc) show(rc); return; }
        if (!rc || key(rc[0], rc[1]) === drag.last) return;
        drag.last = key(rc[0], rc[1]);
        view.cursor = rc;
        opts.onMark(rect(drag.anchor, rc), drag.on, drag.before);
        show(rc);
      });
      var end = function () { drag = null; };
      canvas.addEventListener("pointerup", end);
      canvas.addEventListener("pointercancel", end);
      canvas.addEventListener("focus", function () { view.focused = true; view.paint(); show(view.cursor); });
      canvas.addEventListener("blur", function () { view.focused = false; view.paint(); });
      canvas.addEventListener("keydown", function (ev) {
        var r = view.cursor[0], c = view.cursor[1];
        var moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
        if (moves[ev.key]) {
          ev.preventDefault();
          view.cursor = [Math.max(0, Math.min(opts.rows - 1, r + moves[ev.key][0])), Math.max(0, Math.min(opts.cols - 1, c + moves[ev.key][1]))];
          if (ev.shiftKey) opts.onMark([key(view.cursor[0], view.cursor[1])], true, null); else view.paint();
        } else if (ev.key === " " || ev.key === "Enter") {
          ev.preventDefault();
          opts.onMark([key(r, c)], !opts.isMarked(r, c), null);
        } else return;
        show(view.cursor);
      });
    }
    view.paint();
    return view;
  }

  function legend(items) {
    var w = words().legend, box = el("div", { "class": "legend" });
    items.forEach(function (k) { box.appendChild(el("span", { style: "--swatch:" + FILL[k] }, w[k])); });
    return box;
  }

  // ---- the exercise panel --------------------------------------------------------------------
  var views = {};

  function newWork(e) {
    var marks = {};
    partsOf(e).forEach(function (p) { if (p.type === "grid") marks[p.id] = new Set(); });
    return { marks: marks, values: {}, result: null };
  }

  function generate() {
    state.data = G.generate(state.set, state.seed, T);
    state.work = state.data.exercises.map(newWork);
    state.index = 0;
  }

  function renderNav() {
    var w = words(), nav = document.getElementById("exercises"), progress = loadProgress();
    nav.textContent = "";
    var right = 0;
    state.data.exercises.forEach(function (e, i) {
      var s = progress[i];
      if (s === "right") right++;
      var mark = s === "right" ? " ✓" : s === "partly" ? " ◐" : s === "wrong" ? " ✗" : "";
      var b = el("button", { type: "button", id: "nav-" + i, "class": (i === state.index ? "current " : "") + (s ? "state-" + s : ""),
                             "aria-current": i === state.index ? "step" : null }, w.exercise(i) + mark);
      b.addEventListener("click", function () { state.index = i; render(); });
      nav.appendChild(b);
    });
    var line = document.getElementById("progress");
    line.className = "note";
    line.textContent = storageOk ? w.progress(right, state.data.exercises.length, state.seed) : w.noStorage;
  }

  function renderExercise() {
    var w = words(), e = state.data.exercises[state.index], work = state.work[state.index], parts = partsOf(e);
    var box = document.getElementById("exercise");
    box.textContent = "";
    box.setAttribute("data-kind", e.kind);
    box.setAttribute("data-exercise", JSON.stringify({ kind: e.kind, n: e.n, params: e.params }));
    box.appendChild(el("h2", { id: "exercise-title" }, w.exercise(state.index) + ": " + w.kinds[e.kind]));
    box.appendChild(el("p", { "class": "question", id: "question" }, w.question[e.kind](e, e.params)));
    views = {};
    var figures = el("div", { "class": "figures" });
    var ctx = contextOf(e);
    var hasGrid = parts.some(function (p) { return p.type === "grid"; });
    parts.forEach(function (part) {
      if (part.type !== "grid") return;
      var marks = work.marks[part.id], seen = { result: undefined, sets: null };
      var verdictSets = function () {  // the checked cells, rebuilt once per check
        if (seen.result !== work.result) {
          var r = work.result && work.result.parts[part.id];
          seen.result = work.result;
          seen.sets = r ? { ok: new Set(r.ok), extra: new Set(r.extra), missing: new Set(r.missing) } : null;
        }
        return seen.sets;
      };
      var view = makeGrid({
        name: part.id, caption: w.grids[part.id], rows: part.grid.rows, cols: part.grid.cols, tile: part.grid.tile, active: true,
        states: function () {
          var v = verdictSets();
          if (!v) return tagged(marks, "marked");
          return tagged(v.ok, "ok").concat(tagged(v.extra, "extra"), tagged(v.missing, "missing"));
        },
        describe: function (r, c) { return part.id === "blocks" ? "block (bx, by) = (" + c + ", " + r + ")" : cellName(part.id, r, c); },
        isMarked: function (r, c) { return marks.has(key(r, c)); },
        snapshot: function () { return new Set(marks); },
        onMark: function (keys, on, before) {
          if (before) { marks.clear(); before.forEach(function (k) { marks.add(k); }); }
          keys.forEach(function (k) { if (on) marks.add(k); else marks.delete(k); });
          if (work.result) { work.result = null; renderResult(); repaintAll(); } else views[part.id].paint();
        }
      });
      views[part.id] = view;
      figures.appendChild(view.figure);
    });
    if (ctx) {
      var given = new Set(ctx.given), shade = new Set(ctx.ctx);
      var cv = makeGrid({ name: "context-" + ctx.id, caption: w.grids[ctx.id], rows: ctx.rows, cols: ctx.cols, tile: T, active: false,
        states: function () { return tagged(shade, "ctx").concat(tagged(given, "given")); },
        describe: function (r, c) { return cellName(ctx.id, r, c); } });
      figures.appendChild(cv.figure);
    }
    if (hasGrid) {
      box.appendChild(el("p", { "class": "note" }, w.hint));
      box.appendChild(figures);
      box.appendChild(legend(["marked", "ok", "extra", "missing"].concat(ctx ? (ctx.ctx.length ? ["given", "ctx"] : ["given"]) : [])));
    }
    var fields = el("div", { "class": "fields" });
    parts.forEach(function (part) {
      if (part.type === "grid") return;
      if (part.type === "order") {
        var list = el("ol", { "class": "steps", id: "steps" });
        part.shown.forEach(function (id, i) {
          var li = el("li");
          var b = el("button", { type: "button", "data-label": i + 1 }, String(i + 1));
          b.addEventListener("click", function () {
            var input = document.getElementById("field-order");
            input.value = (input.value.trim() + " " + (i + 1)).trim();
            input.dispatchEvent(new Event("input"));
          });
          li.appendChild(b);
          li.appendChild(el("code", null, words().steps[id]));
          list.appendChild(li);
        });
        box.appendChild(list);
      }
      var label = el("label", null, w.parts[part.id] + " ");
      var input = el("input", { id: "field-" + part.id, type: "text", inputmode: part.type === "number" ? "numeric" : null,
                                "class": part.type === "order" ? "order" : null, autocomplete: "off" });
      input.value = work.values[part.id] || "";
      input.addEventListener("input", function () { work.values[part.id] = input.value; });
      input.addEventListener("keydown", function (ev) { if (ev.key === "Enter") check(); });
      label.appendChild(input);
      fields.appendChild(label);
    });
    if (fields.childNodes.length) box.appendChild(fields);
    var actions = el("div", { "class": "actions" });
    var checkButton = el("button", { type: "button", id: "check", "class": "primary" }, w.check);
    checkButton.addEventListener("click", check);
    var clearButton = el("button", { type: "button", id: "clear" }, w.clear);
    clearButton.addEventListener("click", function () { state.work[state.index] = newWork(e); renderExercise(); });
    actions.appendChild(checkButton); actions.appendChild(clearButton);
    // The bar sticks to the window's bottom edge while the exercise is in view: Check and its verdict
    // stay on screen however tall the grids are.
    actions.appendChild(el("div", { id: "verdict", "class": "verdict", role: "status", "aria-live": "polite" }));
    box.appendChild(actions);
    box.appendChild(el("ul", { id: "explanation", "class": "explanation" }));
    renderResult();
  }

  function repaintAll() { for (var id in views) views[id].paint(); }

  function renderResult() {
    var w = words(), e = state.data.exercises[state.index], work = state.work[state.index];
    var verdict = document.getElementById("verdict"), list = document.getElementById("explanation");
    list.textContent = "";
    if (!work.result) { verdict.textContent = ""; verdict.className = "verdict"; verdict.removeAttribute("data-verdict"); return; }
    verdict.textContent = w[work.result.verdict];
    verdict.className = "verdict " + work.result.verdict;
    verdict.setAttribute("data-verdict", work.result.verdict);
    partsOf(e).forEach(function (part) {
      var r = work.result.parts[part.id], right = r.status === "right";
      // The explanation goes on after a dash: it begins with a formula's name, in lower case.
      var text = w.parts[part.id] + ": " + (right ? w.isRight : r.note) + " \u2014 " + explanation(e, part.id);
      list.appendChild(el("li", { "class": right ? "part-right" : "part-wrong", "data-part": part.id, "data-status": r.status }, text));
    });
  }

  function check() {
    var e = state.data.exercises[state.index], work = state.work[state.index], parts = partsOf(e), results = {};
    parts.forEach(function (p) { results[p.id] = checkPart(p, work); });
    work.result = { parts: results, verdict: verdictOf(parts.map(function (p) { return results[p.id]; })) };
    var progress = loadProgress(), wasRight = progress[state.index] === "right";
    if (!wasRight) progress[state.index] = work.result.verdict;  // once right, it stays right
    saveProgress(progress);
    postAnswers(e, work, wasRight);
    renderResult();
    repaintAll();
    renderNav();
  }

  // ---- the embedding page ---------------------------------------------------------------------
  /** Cells as rectangles found row by row ("r0..r1,c0..c1" or "r,c"; blocks "bx,by", x first), as the terminal reads them. */
  function cellsAnswer(keys, blocks) {
    var rows = {};
    keys.forEach(function (k) { var rc = k.split(",").map(Number); (rows[rc[0]] = rows[rc[0]] || []).push(rc[1]); });
    var open = [], done = [];  // open: rectangles that reach the previous row
    Object.keys(rows).map(Number).sort(function (a, b) { return a - b; }).forEach(function (r) {
      var cols = rows[r].sort(function (a, b) { return a - b; }), runs = [];
      cols.forEach(function (c) { var last = runs[runs.length - 1]; if (last && last[1] === c - 1) last[1] = c; else runs.push([c, c]); });
      var next = [];
      runs.forEach(function (run) {
        var grow = open.filter(function (o) { return o[1] === r - 1 && o[2] === run[0] && o[3] === run[1]; })[0];
        if (grow) { grow[1] = r; next.push(grow); } else next.push([r, r, run[0], run[1]]);
      });
      open.forEach(function (o) { if (next.indexOf(o) < 0) done.push(o); });
      open = next;
    });
    var span = function (a, b) { return a === b ? String(a) : a + ".." + b; };
    return done.concat(open).sort(function (a, b) { return a[0] - b[0] || a[2] - b[2]; })
      .map(function (x) { return blocks ? span(x[2], x[3]) + "," + span(x[0], x[1]) : span(x[0], x[1]) + "," + span(x[2], x[3]); }).join("; ");
  }

  /** The answer to one part as typed on the terminal; "" when there is none. */
  function answerText(part, work) {
    if (part.type === "grid") return cellsAnswer(Array.from(work.marks[part.id]), part.id === "blocks");
    return (work.values[part.id] || "").trim();
  }

  /** Tells the embedding page the answers of exercise `e`, checked now (`wasRight`: it was right before). */
  function postAnswers(e, work, wasRight) {
    if (!embedded) return;
    var answers = {};
    partsOf(e).forEach(function (part) { var text = answerText(part, work); if (text) answers[part.id] = text; });
    window.parent.postMessage({ type: "grader-trainer-answers", course: config.course, set: state.set, seed: state.seed, index: state.index,
                                kinds: state.data.exercises.map(function (x) { return x.kind; }), answers: answers,
                                right: work.result.verdict === "right", wasRight: wasRight }, location.origin);
  }

  /** What the embedding page sends: the tile map of the student's file, the language. */
  function takeMessage(ev) {
    if (!embedded || ev.source !== window.parent || ev.origin !== location.origin || !ev.data) return;
    var m = ev.data;
    if (m.type === "grader-tilemap") {
      state.tilemap = m.json && !tilemapProblem(m.json) ? m.json : null;
      state.tilemapPhase = 0;
      state.tilemapNote = m.note || "";
      renderTilemap();
      showTilemapError(m.json && tilemapProblem(m.json) ? words().tilemap.bad(tilemapProblem(m.json)) : m.error || "");
    } else if (m.type === "grader-lang" && WORDS[m.lang]) {
      state.lang = m.lang;
      render();
      renderTilemap();
    }
  }

  // ---- the tile map panel --------------------------------------------------------------------
  /** Why `j` is not the JSON of `grader tilemap --json`, or "". */
  function tilemapProblem(j) {
    var isInt = function (v) { return typeof v === "number" && Math.floor(v) === v && v >= 0; };
    if (!j || typeof j !== "object") return "not a JSON object";
    if (!isInt(j.n) || !isInt(j.tile) || j.tile < 1 || j.n < 1 || j.n > 256) return "n and tile must be whole numbers (n at most 256)";
    if (!Array.isArray(j.block) || j.block.length !== 2 || !j.block.every(isInt)) return "block must be [x, y]";
    if (!Array.isArray(j.phases) || !j.phases.length) return "phases must be a non-empty list";
    var triples = function (list) { return Array.isArray(list) && list.every(function (t) { return Array.isArray(t) && t.length === 3 && t.every(isInt) && t[0] < j.n && t[1] < j.n; }); };
    var ranges = function (list) { return Array.isArray(list) && list.every(function (t) { return Array.isArray(t) && t.length === 4 && t.every(isInt); }); };
    for (var i = 0; i < j.phases.length; i++) {
      var p = j.phases[i];
      if (!p || !isInt(p.phase) || !triples(p.A) || !triples(p.B)) return "phase " + i + " needs phase, A and B as [row, col, count] lists inside the n × n matrices";
      if (!p.expected || !ranges(p.expected.A) || !ranges(p.expected.B)) return "phase " + i + " needs expected.A and expected.B as [r0, r1, c0, c1] lists";
    }
    if (j.C !== undefined && !triples(j.C)) return "C must be a [row, col, count] list";
    return "";
  }

  function renderTilemap() {
    var w = words(), tw = w.tilemap, box = document.getElementById("tilemap");
    box.textContent = "";
    box.appendChild(el("h2", { id: "tilemap-title" }, tw.title));
    var label = el("label", { hidden: embedded ? "" : null }, tw.load + " ");
    var file = el("input", { type: "file", id: "tilemap-file", accept: ".json,application/json" });
    file.addEventListener("change", function () {
      var f = file.files && file.files[0];
      if (!f) return;
      var reader = new FileReader();
      reader.onload = function () { useTilemapText(String(reader.result)); };
      reader.onerror = function () { showTilemapError(String(reader.error)); };
      reader.readAsText(f);
    });
    label.appendChild(file);
    box.appendChild(label);
    box.appendChild(el("p", { id: "tilemap-error", "class": "error", role: "alert" }));
    var body = el("div", { id: "tilemap-body" });
    box.appendChild(body);
    var j = state.tilemap;
    if (!j && embedded) {  // the embedding page draws the student's own file once it is checked
      body.appendChild(el("p", { "class": "note", id: "tilemap-none" }, state.tilemapNote || tw.embedded));
      return;
    }
    if (!j) {  // the command for the set shown, as the kit runs it: pasted in the kit's folder, it writes the file to load
      var none = el("p", { "class": "note", id: "tilemap-none" }, tw.none);
      none.appendChild(el("code", { id: "tilemap-command" }, config.tilemapCommands[state.set] || ""));
      body.appendChild(none);
      return;
    }
    body.appendChild(el("p", { id: "tilemap-head" }, tw.head(j)));
    var slider = el("input", { type: "range", id: "tilemap-phase", min: 0, max: j.phases.length - 1, step: 1, value: state.tilemapPhase,
                               "aria-label": tw.phase });
    var phaseLabel = el("label", null, tw.phase + " ");
    var phaseValue = el("output", { id: "tilemap-phase-value" }, String(j.phases[state.tilemapPhase].phase));
    phaseLabel.appendChild(slider); phaseLabel.appendChild(phaseValue);
    body.appendChild(phaseLabel);
    var figures = el("div", { "class": "figures", id: "tilemap-figures" });
    body.appendChild(figures);
    body.appendChild(legend(["ok", "extra", "missing", "marked"]));
    var sentences = el("ul", { id: "tilemap-sentences" });
    body.appendChild(sentences);
    var countsOf = function (list) { var m = new Map(); (list || []).forEach(function (t) { m.set(key(t[0], t[1]), t[2]); }); return m; };
    var inRanges = function (ranges) { var s = new Set(); ranges.forEach(function (r) { cellsOfRange(r).forEach(function (k) { s.add(k); }); }); return s; };
    var compared = function (counts, expected) {  // once where expected: ok; more often or elsewhere: extra; never: missing
      var out = [];
      counts.forEach(function (k2, k) { if (k2 > 0) out.push([k, expected.has(k) && k2 === 1 ? "ok" : "extra"]); });
      expected.forEach(function (k) { if (!(counts.get(k) > 0)) out.push([k, "missing"]); });
      return out;
    };
    var drawPhase = function () {
      var ph = j.phases[state.tilemapPhase];
      phaseValue.textContent = String(ph.phase);
      figures.textContent = "";
      ["A", "B"].forEach(function (m) {
        var counts = countsOf(ph[m]), expected = inRanges(ph.expected[m]);
        figures.appendChild(makeGrid({ name: "tilemap-" + m, caption: tw.yours(m), rows: j.n, cols: j.n, tile: j.tile, active: false,
          states: function () { return compared(counts, expected); },
          describe: function (r, c) { return cellName(m, r, c) + ": " + tw.times(counts.get(key(r, c)) || 0); } }).figure);
        figures.appendChild(makeGrid({ name: "tilemap-" + m + "-correct", caption: tw.correct(m), rows: j.n, cols: j.n, tile: j.tile, active: false,
          states: function () { return tagged(expected, "marked"); },
          describe: function (r, c) { return cellName(m, r, c); } }).figure);
      });
      if (j.C) {
        var stores = countsOf(j.C), bx = j.block[0], by = j.block[1], t = j.tile;
        var owned = inRanges([[by * t, by * t + t - 1, bx * t, bx * t + t - 1]]);
        figures.appendChild(makeGrid({ name: "tilemap-C", caption: tw.stores, rows: j.n, cols: j.n, tile: j.tile, active: false,
          states: function () { return compared(stores, owned); },
          describe: function (r, c) { return cellName("C", r, c) + ": " + tw.storedTimes(stores.get(key(r, c)) || 0); } }).figure);
      }
      sentences.textContent = "";
      (ph.sentences || []).forEach(function (s) { sentences.appendChild(el("li", null, String(s))); });
    };
    slider.addEventListener("input", function () { state.tilemapPhase = Number(slider.value); drawPhase(); });
    drawPhase();
  }

  function showTilemapError(text) { var e = document.getElementById("tilemap-error"); if (e) e.textContent = text; }

  function useTilemapText(text) {
    var j;
    try { j = JSON.parse(text); } catch (err) { showTilemapError(words().tilemap.bad(err.message)); return; }
    var problem = tilemapProblem(j);
    if (problem) { showTilemapError(words().tilemap.bad(problem)); return; }
    state.tilemap = j;
    state.tilemapPhase = 0;
    renderTilemap();
  }

  // ---- the header and start ------------------------------------------------------------------
  function renderHeader() {
    var w = words();
    document.documentElement.lang = state.lang;
    document.title = w.title;
    document.getElementById("page-title").textContent = w.title;
    document.getElementById("set-label").textContent = w.set;
    document.getElementById("seed-label").textContent = w.seed;
    document.getElementById("seed-go").textContent = w.go;
    document.getElementById("lang-label").textContent = w.language;
    ["en", "ru"].forEach(function (l) { document.getElementById("lang-" + l).setAttribute("aria-pressed", String(state.lang === l)); });
    var select = document.getElementById("set");
    select.textContent = "";
    config.sets.forEach(function (s) { select.appendChild(el("option", { value: s }, w.setName(s))); });
    select.value = state.set;
    document.getElementById("seed").value = String(state.seed);
  }

  function render() { renderHeader(); renderNav(); renderExercise(); }

  function start() {
    document.getElementById("set").addEventListener("change", function (ev) { state.set = ev.target.value; generate(); render(); renderTilemap(); });
    var takeSeed = function () {
      var text = document.getElementById("seed").value.trim();
      if (!/^\d+$/.test(text) || Number(text) > 4294967295) {
        var line = document.getElementById("progress");
        line.className = "error"; line.textContent = words().badSeed;
        return;
      }
      state.seed = Number(text);
      generate();
      render();
    };
    document.getElementById("seed-go").addEventListener("click", takeSeed);
    document.getElementById("seed").addEventListener("keydown", function (ev) { if (ev.key === "Enter") takeSeed(); });
    ["en", "ru"].forEach(function (l) {
      document.getElementById("lang-" + l).addEventListener("click", function () { state.lang = l; render(); renderTilemap(); });
    });
    window.addEventListener("message", takeMessage);
    generate();
    render();
    if (config.tilemap) {
      var problem = tilemapProblem(config.tilemap);
      if (problem) { renderTilemap(); showTilemapError(words().tilemap.bad(problem)); }
      else { state.tilemap = config.tilemap; renderTilemap(); }
    } else renderTilemap();
    document.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));  // for the load-time test
    document.body.setAttribute("data-ready", "true");
  }

  start();
})();
