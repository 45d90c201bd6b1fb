// The browser's front end: rewrites a student's CUDA file for the emulator
// the way grader/frontend (clang's parser) does, on tokens instead of an
// AST: a kernel launch `k<<<cfg>>>(args)` becomes a call of
// ::cuemu::launcher, each __shared__ variable a reference to its block's slot,
// and a cast to a pointer to a vector type (float4*), reinterpret_cast or
// C-style, is checked for its alignment where it is made; a file-scope
// __shared__ variable becomes a function, its uses calls; launches and
// __shared__ declarations in a #define's body are rewritten there. Every
// line keeps its number. What the tokens cannot settle (a launch or
// __shared__ in another directive, an extern __shared__ declaration of
// several, an initialized one) is refused as "not supported in the browser".
// Non-goals: parsing C++ (clang, compiling the result, reports the errors);
// files other than the student's one.

/// The tokens of `text`: {kind, text, start, end, line}; kinds: id, num, str, punct, pp (a whole directive).
export function tokenize(text) {
  const tokens = [];
  let i = 0, line = 1, lineStart = true;
  const puncts = ['<<<', '>>>', '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '##'];
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') { line++; i++; lineStart = true; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') { i++; continue; }
    if (c === '/' && text[i + 1] === '/') { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
      continue;
    }
    const start = i, startLine = line;
    if (c === '#' && lineStart) {  // a directive, with its continuation lines
      while (i < text.length && text[i] !== '\n') {
        if (text[i] === '\\' && text[i + 1] === '\n') { i += 2; line++; continue; }
        if (text[i] === '/' && text[i + 1] === '*') {
          const end = text.indexOf('*/', i + 2);
          const stop = end < 0 ? text.length : end + 2;
          for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
          i = stop;
          continue;
        }
        i++;
      }
      tokens.push({ kind: 'pp', text: text.slice(start, i), start, end: i, line: startLine });
      continue;
    }
    lineStart = false;
    const raw = /^(u8|u|U|L)?R"([^()\\\s]{0,16})\(/.exec(text.slice(i, i + 24));
    if (raw) {
      const close = ')' + raw[2] + '"';
      const end = text.indexOf(close, i + raw[0].length);
      const stop = end < 0 ? text.length : end + close.length;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
      tokens.push({ kind: 'str', text: text.slice(start, i), start, end: i, line: startLine });
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      while (i < text.length && /[A-Za-z0-9_$]/.test(text[i])) i++;
      if ((text[i] === '"' || text[i] === "'") && /^(u8|u|U|L)$/.test(text.slice(start, i))) { /* a prefixed literal */ }
      else { tokens.push({ kind: 'id', text: text.slice(start, i), start, end: i, line: startLine }); continue; }
    }
    if (text[i] === '"' || text[i] === "'") {
      const quote = text[i++];
      while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      tokens.push({ kind: 'str', text: text.slice(start, i), start, end: i, line: startLine });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] || ''))) {
      while (i < text.length && (/[A-Za-z0-9_.']/.test(text[i]) || ((text[i] === '+' || text[i] === '-') && /[eEpP]/.test(text[i - 1])))) i++;
      tokens.push({ kind: 'num', text: text.slice(start, i), start, end: i, line: startLine });
      continue;
    }
    const p = puncts.find((q) => text.startsWith(q, i)) || c;
    i += p.length;
    tokens.push({ kind: 'punct', text: p, start, end: i, line: startLine });
  }
  return tokens;
}

const OPEN = { '(': ')', '[': ']', '{': '}' };

/// The index of the token closing the bracket at `open`, or -1.
function closing(tokens, open) {
  const stack = [];
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i].text;
    if (tokens[i].kind !== 'punct') continue;
    if (OPEN[t]) stack.push(OPEN[t]);
    else if (t === ')' || t === ']' || t === '}') {
      if (stack.pop() !== t) return -1;
      if (!stack.length) return i;
    }
  }
  return -1;
}

/// `text` as the inside of a C++ string literal (as the native front end quotes it).
const quoted = (text) => text.replace(/[\r\n]/g, '').replace(/["\\]/g, '\\$&');

class Unsupported extends Error {
  constructor(construct, line) { super(construct); this.construct = construct; this.line = line; }
}

/// Rewrites `text`; {rewritten, launches, shared, unsupported: [{construct, line}]}.
export function rewrite(text) {
  const tokens = tokenize(text);
  const edits = new Map();  // token index -> {before, after, replacement}
  const edit = (i) => { if (!edits.has(i)) edits.set(i, { before: '', after: '', replacement: null }); return edits.get(i); };
  const out = { rewritten: '', launches: [], shared: [], unsupported: [] };
  try {
    for (const t of tokens)
      if (t.kind === 'pp' && /<<<|\b__shared__\b/.test(t.text) && !/^#\s*define\b/.test(t.text))
        throw new Unsupported('a kernel launch or __shared__ variable inside a directive other than #define (not supported in the browser)', t.line);
    let depth = 0, sharedId = 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind === 'punct' && t.text === '{') depth++;
      if (t.kind === 'punct' && t.text === '}') depth--;
      if (t.kind === 'punct' && t.text === '<<<') launch(text, tokens, i, edit, out);
      if (t.kind === 'id' && t.text === 'reinterpret_cast') vectorCast(tokens, i, edit, t.line);
      if (t.kind === 'punct' && t.text === '(') cStyleVectorCast(tokens, i, edit, t.line);
      if (t.kind === 'pp' && /^#\s*define\b/.test(t.text) && /<<<|\b__shared__\b/.test(t.text))  // after fileScopeUses' edit, if any
        edit(i).replacement = macroBody(edits.get(i)?.replacement ?? t.text, t.line);
      if (t.kind === 'pp' && /^#\s*define\b/.test(t.text) && VECTOR_CAST_IN_TEXT.test(t.text))
        edit(i).replacement = macroVectorCasts(edits.get(i)?.replacement ?? t.text);
      if (t.kind === 'id' && t.text === '__shared__') {
        const declaration = shared(tokens, i, edit, out, sharedId, depth === 0 ? text : null);
        sharedId += declaration.declarators;
        for (const name of declaration.fileScope) fileScopeUses(tokens, declaration.end + 1, name, edit);
        i = declaration.end;
      }
    }
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    out.unsupported.push({ construct: e.construct, line: e.line });
    return out;
  }
  out.rewritten = applyEdits(text, tokens, edits);
  return out;
}

/// `text` with the edits of its `tokens` made: {before, after, replacement} by token index.
function applyEdits(text, tokens, edits) {
  let result = '', at = 0;
  tokens.forEach((t, i) => {
    const e = edits.get(i);
    if (!e) return;
    result += text.slice(at, t.start) + e.before + (e.replacement ?? t.text) + e.after;
    at = t.end;
  });
  return result + text.slice(at);
}

/// A #define directive with its casts to vector pointers wrapped as vectorCast and cStyleVectorCast wrap them, located
/// by __LINE__ where the macro is used.
function macroVectorCasts(directive) {
  const body = directive.slice(1);  // after the '#': the directive's tokens
  const tokens = tokenize(body), edits = new Map();
  const edit = (i) => { if (!edits.has(i)) edits.set(i, { before: '', after: '', replacement: null }); return edits.get(i); };
  tokens.forEach((t, i) => {
    if (t.kind === 'id' && t.text === 'reinterpret_cast') vectorCast(tokens, i, edit, '__LINE__');
    if (t.kind === 'punct' && t.text === '(') cStyleVectorCast(tokens, i, edit, '__LINE__');
  });
  return '#' + applyEdits(body, tokens, edits);
}

/// The first slot number of a __shared__ variable a macro declares: each use of the macro numbers its own with
/// __COUNTER__ above the ones the file's own declarations take.
const MACRO_SLOTS = 4096;

/// A #define directive with the kernel launches and the __shared__ declarations of its body rewritten as launch() and
/// shared() rewrite them; a kernel or variable named by one of the macro's parameters is named by its argument's
/// spelling (`#kernel`), and a variable's slot by __COUNTER__ and __LINE__ where the macro is used, as the native
/// front end, which sees the expansion, names and places them. `line`: the directive's, for what it cannot take apart.
function macroBody(directive, line) {
  const body = directive.slice(1);  // after the '#': the directive's tokens
  const tokens = tokenize(body), edits = new Map();
  const edit = (i) => { if (!edits.has(i)) edits.set(i, { before: '', after: '', replacement: null }); return edits.get(i); };
  const functionLike = tokens[2]?.text === '(' && tokens[2].start === tokens[1].end;
  const bodyStart = functionLike ? tokens.findIndex((t, k) => k > 2 && t.text === ')') + 1 : 2;
  const parameters = new Set(tokens.slice(3, functionLike ? bodyStart - 1 : 3).filter((t) => t.kind === 'id').map((t) => t.text));
  const spell = (name) => (parameters.has(name) ? `#${name}` : `"${quoted(name)}"`);
  const found = { launches: [], shared: [] }, macro = { line, bodyStart, spell };
  try {
    for (let i = bodyStart; i < tokens.length; i++) {
      if (tokens[i].kind === 'punct' && tokens[i].text === '<<<') launch(body, tokens, i, edit, found, spell);
      if (tokens[i].kind === 'id' && tokens[i].text === '__shared__') i = shared(tokens, i, edit, found, 0, null, macro).end;
    }
  } catch (e) {
    if (e instanceof Unsupported) e.line = line;
    throw e;
  }
  return '#' + applyEdits(body, tokens, edits);
}

/// CUDA's vector types (float4, double2, ...), whose alignment is their size (a 3-vector's, its element's).
const VECTOR_TYPE = /^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]$/;
/// A text that may hold a cast to a pointer to a vector type, either spelling.
const VECTOR_CAST_IN_TEXT = /\breinterpret_cast\b|\b(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4]\s*(const\s*|volatile\s*)*\*\s*\)/;
/// Words a pointer type's spelling may hold beside its vector type.
const TYPE_WORDS = /^(const|volatile|__restrict__|__restrict|struct)$/;
/// Words after which `(` opens an expression, not a call's arguments.
const EXPRESSION_WORDS = /^(return|co_return|throw|else|do|case)$/;

/// Wraps the reinterpret_cast at token `at` in ::cuemu::checkedVectorPointer when it makes a pointer to a vector type:
/// clang splits a vector's load or store into smaller ones, so a misaligned one is refused where the pointer is made
/// (grader/emu/include/cuemu/cuda_emu.h); `line`: the cast's line as the check reports it. Leaves any other cast, or
/// one it cannot take apart, as it is.
function vectorCast(tokens, at, edit, line) {
  if (tokens[at + 1]?.text !== '<') return;
  let close = at + 2;
  while (close < tokens.length && tokens[close].text !== '>' && !/^[;{}()<]$/.test(tokens[close].text)) close++;
  const type = tokens.slice(at + 2, close);
  if (tokens[close]?.text !== '>' || tokens[close + 1]?.text !== '(' || !type.some((t) => VECTOR_TYPE.test(t.text)) ||
      type.at(-1)?.text !== '*' || type.filter((t) => t.text === '*').length !== 1) return;
  const end = closing(tokens, close + 1);
  if (end < 0) return;
  edit(at).before += '::cuemu::checkedVectorPointer(';
  edit(end).after += `, ${line})`;
}

/// Wraps the C-style cast whose `(` is token `at`, `(float4*)p` or `(const float4 *)&a[i]`, with its operand as
/// vectorCast wraps a reinterpret_cast. Leaves alone a parenthesis that is not such a cast (a call's or a
/// declaration's parameters, sizeof's operand) and a cast whose operand it cannot take apart.
function cStyleVectorCast(tokens, at, edit, line) {
  const before = tokens[at - 1];
  if (before && (before.kind === 'num' || before.kind === 'str' || before.text === ')' || before.text === ']' || before.text === '>' ||
                 (before.kind === 'id' && !EXPRESSION_WORDS.test(before.text)))) return;
  let close = at + 1;
  while (close < tokens.length && (tokens[close].kind === 'id' || tokens[close].text === '::' || tokens[close].text === '*')) close++;
  const type = tokens.slice(at + 1, close);
  if (tokens[close]?.text !== ')' || type.at(-1)?.text !== '*' || type.filter((t) => t.text === '*').length !== 1 ||
      !type.some((t) => VECTOR_TYPE.test(t.text)) ||
      !type.every((t) => t.text === '*' || t.text === '::' || t.text === 'cuemu' || VECTOR_TYPE.test(t.text) || TYPE_WORDS.test(t.text))) return;
  const end = unaryEnd(tokens, close + 1);
  if (end < 0) return;
  edit(at).before += '::cuemu::checkedVectorPointer(';
  edit(end).after += `, ${line})`;
}

/// The index of the last token of the unary expression (a cast's operand) that starts at token `k`, or -1 where the
/// tokens do not settle it.
function unaryEnd(tokens, k) {
  const t = tokens[k];
  if (!t) return -1;
  if (t.kind === 'punct' && /^(&|\*|-|\+|!|~|\+\+|--)$/.test(t.text)) return unaryEnd(tokens, k + 1);
  let last;
  if (t.text === '(') {
    last = closing(tokens, k);
    if (last < 0) return -1;
    const next = tokens[last + 1], inside = tokens.slice(k + 1, last);
    const pointerType = inside.length > 1 && inside.at(-1).text === '*' && inside.every((x) => x.kind === 'id' || x.text === '::' || x.text === '*');
    if (next && (pointerType || next.kind === 'id' || next.kind === 'num' || next.text === '(')) return unaryEnd(tokens, last + 1);  // another cast
  } else if (t.kind === 'id' || t.text === '::') {
    last = t.text === '::' ? k + 1 : k;
    if (tokens[last]?.kind !== 'id') return -1;
    while (tokens[last + 1]?.text === '::' && tokens[last + 2]?.kind === 'id') last += 2;
    if (tokens[last + 1]?.text === '<') return -1;  // template arguments: not taken apart
  } else if (t.kind === 'num' || t.kind === 'str') last = k;
  else return -1;
  for (;;) {  // postfix: [i], (args), .m, ->m, ++, --
    const next = tokens[last + 1];
    if (next?.text === '[' || next?.text === '(') { last = closing(tokens, last + 1); if (last < 0) return -1; }
    else if ((next?.text === '.' || next?.text === '->') && tokens[last + 2]?.kind === 'id') last += 2;
    else if (next?.text === '++' || next?.text === '--') last += 1;
    else return last;
  }
}

/// Rewrites the launch whose `<<<` is token `open` of `text`; `spell(kernel)`: the launcher's name for the kernel as
/// spelled, a string literal.
function launch(text, tokens, open, edit, out, spell = (kernel) => `"${quoted(kernel)}"`) {
  const line = tokens[open].line;
  const fail = () => { throw new Unsupported('a kernel launch the browser front end cannot take apart (not supported in the browser)', line); };
  // The kernel: identifiers joined by ::, each with template arguments.
  let first = open - 1;
  for (;;) {
    if (first < 0) fail();
    if (tokens[first].text === '>') {  // template arguments: back to their <
      let nest = 0, k = first;
      for (; k >= 0; k--) {
        if (tokens[k].text === '>') nest++;
        else if (tokens[k].text === '>>') nest += 2;
        else if (tokens[k].text === '<') { if (--nest === 0) break; }
        else if (tokens[k].text === ';' || tokens[k].text === '{' || tokens[k].text === '}') fail();
      }
      if (k <= 0) fail();
      first = k - 1;
    }
    if (tokens[first].kind !== 'id') fail();
    if (first > 0 && tokens[first - 1].text === '::') { first -= 2; if (first < -1) fail(); if (first === -1) { first = 0; break; } continue; }
    break;
  }
  if (first < 0) first = 0;
  if (tokens[first].text === '::' || (first > 0 && tokens[first - 1].text === '::')) first = Math.max(0, first - 1);
  // The configuration: up to the >>> at bracket depth 0.
  let close = -1;
  for (let k = open + 1, nest = 0; k < tokens.length; k++) {
    const x = tokens[k].text;
    if (tokens[k].kind !== 'punct') continue;
    if (x === '(' || x === '[' || x === '{') nest++;
    else if (x === ')' || x === ']' || x === '}') { if (--nest < 0) fail(); }
    else if (x === '>>>' && nest === 0) { close = k; break; }
    else if (x === ';' && nest === 0) fail();
  }
  if (close < 0 || tokens[close + 1]?.text !== '(' || closing(tokens, close + 1) < 0) fail();
  const kernel = text.slice(tokens[first].start, tokens[open - 1].end).replace(/\s+/g, ' ');  // as spelled, spaces collapsed
  out.launches.push({ kernel, line });
  edit(first).before += `::cuemu::launcher(${spell(kernel)}, [&](auto&&... cuemu_args) { `;
  const e = edit(open - 1);
  e.after = '(cuemu_args...); })' + e.after;
  edit(open).replacement = '.config(';
  edit(close).replacement = ')';
  edit(close + 1).replacement = '.run(';
}

/// Rewrites the declaration whose `__shared__` is token `at`, each of its declarators (`__shared__ float a[T][T],
/// b[T][T];`): {end: the index of its `;`, declarators, fileScope: the names its uses must call}. In a function,
/// each variable becomes a reference to its block's slot; at file scope (`text` given: the file) each becomes a
/// function that returns that reference, `cuemu_shared_NAME()`, as the native front end makes it, written on the
/// declaration's first line (its other lines are kept empty).
function shared(tokens, at, edit, out, firstId, text, macro = null) {
  const line = macro ? macro.line : tokens[at].line;
  const fail = (why) => { throw new Unsupported(`${why} (not supported in the browser)`, line); };
  let begin = at;  // the declaration's first token
  const floor = macro ? macro.bodyStart : 0;
  while (begin > floor && !/^[;{}]$/.test(tokens[begin - 1].text) && tokens[begin - 1].kind !== 'pp') begin--;
  let end = at;
  const commas = [];  // the declarators' separators, outside brackets
  for (; end < tokens.length && tokens[end].text !== ';'; end++) {
    if (OPEN[tokens[end].text]) { end = closing(tokens, end); if (end < 0) fail('a __shared__ declaration the browser front end cannot take apart'); }
    else if (tokens[end].text === ',') commas.push(end);
    else if (tokens[end].text === '=') fail('an initialized __shared__ variable');
  }
  if (end >= tokens.length && !macro) fail('a __shared__ declaration without its ;');  // a macro's may end at its use
  let alignment = 0, dynamic = false;
  const firstDeclarator = commas.length ? commas[0] : end;
  for (let k = begin; k < firstDeclarator; k++) {  // the specifiers
    const t = tokens[k];
    if (t.text === '__shared__' || t.text === 'static') edit(k).replacement = '';
    else if (t.text === 'extern') { edit(k).replacement = ''; dynamic = true; }
    else if (t.text === '__align__' || t.text === 'alignas') {
      const close = closing(tokens, k + 1);
      if (close !== k + 3 || tokens[k + 2].kind !== 'num') fail('an alignment that is not a number on a __shared__ variable');
      alignment = Math.max(alignment, Number(tokens[k + 2].text));
      for (let j = k; j <= close; j++) edit(j).replacement = '';
      k = close;
    } else if (t.text === '__attribute__') fail('an __attribute__ on a __shared__ variable');
  }
  if (dynamic && commas.length) fail('several variables in one extern __shared__ declaration');
  const bounds = [begin, ...commas.map((c) => c + 1)];
  if (text !== null) return fileScopeShared(tokens, begin, firstDeclarator, bounds, commas, end, edit, out, firstId, alignment, dynamic);
  bounds.forEach((from, d) => {
    const to = d < commas.length ? commas[d] : end;  // this declarator's tokens: [from, to)
    const name = declaratorName(tokens, from, to);
    if (name < 0 || (d > 0 && name !== from)) fail('a __shared__ declaration the browser front end cannot take apart');
    const n = tokens[name].text;
    const spelled = macro ? macro.spell(n) : `"${n}"`;  // the name, the slot's number and line as the slot takes them
    const id = macro ? `${MACRO_SLOTS} + __COUNTER__` : `${firstId + d}`, at = macro ? '__LINE__' : `${tokens[name].line}`;
    if (!macro) out.shared.push({ name: n, line: tokens[name].line, file_scope: false, dynamic });
    if (dynamic) {
      if (tokens[name + 1].text !== '[' || tokens[name + 2].text !== ']') fail('an extern __shared__ variable that is not an array of unknown size');
      edit(name + 1).replacement = '';
      edit(name + 2).replacement = '';
      edit(name).replacement = `(*${n})`;
      edit(to - 1).after += ` = ::cuemu::dynamicSharedAs<std::remove_pointer_t<decltype(${n})>>(${spelled})`;
    } else {
      edit(name).replacement = `(&${n})`;
      edit(to - 1).after += ` = ::cuemu::sharedVar<std::remove_reference_t<decltype(${n})>>(${id}, ${spelled}, ${at}, ${alignment})`;
    }
  });
  return { end, declarators: bounds.length, fileScope: [] };
}

/// The name token of the declarator in tokens [from, to) (the first identifier before its `[` or at its end), or -1.
function declaratorName(tokens, from, to) {
  for (let k = from; k < to; k++)
    if (tokens[k].kind === 'id' && !/^(__shared__|static|extern|__align__|alignas)$/.test(tokens[k].text) &&
        (tokens[k + 1].text === '[' || k + 1 === to)) return k;
  return -1;
}

/// shared()'s file-scope part: the declaration [begin, end] becomes one function per declarator, on its lines.
function fileScopeShared(tokens, begin, firstDeclarator, bounds, commas, end, edit, out, firstId, alignment, dynamic) {
  const fail = (why) => { throw new Unsupported(`${why} (not supported in the browser)`, tokens[begin].line); };
  const spelled = (from, to) => {  // the tokens kept (not __shared__, static, extern, an alignment), spaced
    const kept = [];
    for (let k = from; k < to; k++) if (edit(k).replacement !== '') kept.push(tokens[k].text);
    return kept.join(' ');
  };
  const firstName = declaratorName(tokens, begin, firstDeclarator);
  let typeEnd = firstName;  // the specifiers the declarators share: without the first one's * or &
  while (typeEnd > begin && (tokens[typeEnd - 1].text === '*' || tokens[typeEnd - 1].text === '&')) typeEnd--;
  const names = [];
  let functions = '';
  bounds.forEach((from, d) => {
    const to = d < commas.length ? commas[d] : end;
    const name = declaratorName(tokens, from, to);
    if (name < 0 || (d > 0 && name !== from)) fail('a __shared__ declaration the browser front end cannot take apart');
    const n = tokens[name].text, ref = `cuemu_shared_${n}()`;
    out.shared.push({ name: n, line: tokens[name].line, file_scope: true, dynamic });
    names.push(n);
    const pointers = d === 0 ? spelled(typeEnd, name) : '';
    if (dynamic) {
      if (tokens[name + 1].text !== '[' || tokens[name + 2].text !== ']' || name + 3 !== to)
        fail('an extern __shared__ variable that is not an array of unknown size');
      functions += `${spelled(begin, typeEnd)} ${pointers}(*${ref}) { return ::cuemu::dynamicSharedAs<std::remove_pointer_t<decltype(${ref})>>("${n}"); } `;
    } else {
      functions += `${spelled(begin, typeEnd)} ${pointers}(&${ref})${spelled(name + 1, to)} { return ::cuemu::sharedVar<std::remove_reference_t<` +
                   `decltype(${ref})>>(${firstId + d}, "${n}", ${tokens[name].line}, ${alignment}); } `;
    }
  });
  for (let k = begin; k <= end; k++) edit(k).replacement = '';  // the spaces and line breaks between them stay
  edit(begin).before += functions;
  return { end, declarators: bounds.length, fileScope: names };
}

/// Replaces each use of the file-scope __shared__ variable `name` from token `from` on, in code and in #define
/// bodies, with its function's call (an identifier after `.`, `->` or `::` is another name).
function fileScopeUses(tokens, from, name, edit) {
  const isUse = (list, k) => list[k].kind === 'id' && list[k].text === name && !['.', '->', '::'].includes(list[k - 1]?.text);
  for (let k = from; k < tokens.length; k++) {
    if (isUse(tokens, k)) edit(k).replacement = `cuemu_shared_${name}()`;
    else if (tokens[k].kind === 'pp' && /^#\s*define\b/.test(tokens[k].text) && new RegExp(`\\b${name}\\b`).test(tokens[k].text)) {
      const current = edit(k).replacement ?? tokens[k].text;
      const body = current.slice(1), inner = tokenize(body);
      let rewritten = '', at = 0;
      inner.forEach((t, j) => {
        if (j < 2 || !isUse(inner, j)) return;  // define NAME: the macro's own name stays
        rewritten += body.slice(at, t.start) + `cuemu_shared_${name}()`;
        at = t.end;
      });
      edit(k).replacement = '#' + rewritten + body.slice(at);
    }
  }
}
