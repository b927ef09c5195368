/* notesite search engine: ranks notes for a query over the index the builder writes to
   assets/search-index.js (see Sources/SiteBuilder/Listings/Search/SearchIndex.swift for its shape).
   Loaded by search.js together with the index, the first time search is used. The tokeniser must
   split text exactly as SearchTokenizer.swift does: words of letters, digits and marks; each
   character compatibility-decomposed, lower-cased, accents dropped, recomposed; runs of Chinese,
   Japanese and Korean characters as overlapping pairs. Ranking: every query word must match; a
   word spelled right ranks above a typo, then a match in the title above one in a heading, then a
   tag, then the text; within that, BM25 over the fields. The last word matches as a prefix while it is being typed, and words of five
   letters or more forgive one typo (a letter added, dropped, changed or two swapped). Own code. */
(function () {
  "use strict";

  var MAX_WORD = 40;
  var TYPO_LENGTH = 5;
  var MAX_EXPANSIONS = 150;
  var SHORT_EXPANSIONS = 40;
  var K1 = 1.2;
  var B = 0.75;
  // Field weights for BM25, and each field's rank (title, headings, tags, text).
  var WEIGHTS = [4, 2.5, 2, 1];
  var FIELD_RANK = [3, 2, 1, 0];
  var ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  var DIGITS = new Int8Array(128).fill(-1);
  for (var a = 0; a < ALPHABET.length; a++) DIGITS[ALPHABET.charCodeAt(a)] = a;
  var CJK = [[0x1100, 0x11ff], [0x2e80, 0x2fdf], [0x3005, 0x3007], [0x3021, 0x3029], [0x3038, 0x303b],
    [0x3041, 0x30ff], [0x3130, 0x318f], [0x31f0, 0x31ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff],
    [0xa960, 0xa97f], [0xac00, 0xd7ff], [0xf900, 0xfaff], [0xff66, 0xffdc], [0x20000, 0x3134f]];
  var WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
  var CHARACTER = /[\p{L}\p{N}]\p{M}*/gu;
  var PLAIN_WORD = /^[A-Za-z0-9]+$/;
  var foldCache = new Map();

  function isCJK(code) {
    for (var i = 0; i < CJK.length; i++) if (code >= CJK[i][0] && code <= CJK[i][1]) return true;
    return false;
  }

  function fold(character) {
    if (character.length === 1 && character.charCodeAt(0) < 128) return character.toLowerCase();
    var known = foldCache.get(character);
    if (known !== undefined) return known;
    var folded = character.normalize("NFKD").toLowerCase().replace(/\p{Mn}/gu, "")
      .replace(/\u03c2/g, "\u03c3").normalize("NFC");
    foldCache.set(character, folded);
    return folded;
  }

  // A word with letters other than ASCII, character by character; CJK runs become pairs, and
  // (except in a query) the run's last character alone.
  function splitWord(word, at, out, query) {
    var latin = "", latinLength = 0, latinStart = 0, latinEnd = 0, run = [];
    function flushLatin() {
      if (latin) out.push({ term: latin, start: latinStart, end: latinEnd });
      latin = "";
      latinLength = 0;
    }
    function flushRun() {
      for (var i = 0; i + 1 < run.length; i++) {
        out.push({ term: run[i].text + run[i + 1].text, start: run[i].start, end: run[i + 1].end, cjk: true });
      }
      var last = run[run.length - 1];
      if (last && (!query || run.length === 1)) out.push({ term: last.text, start: last.start, end: last.end, cjk: true });
      run = [];
    }
    CHARACTER.lastIndex = 0;
    var match;
    while ((match = CHARACTER.exec(word))) {
      var folded = fold(match[0]);
      if (!folded) continue;
      var start = at + match.index, end = start + match[0].length;
      if (isCJK(folded.codePointAt(0))) {
        flushLatin();
        run.push({ text: folded, start: start, end: end });
      } else {
        flushRun();
        if (!latin) latinStart = start;
        if (latinLength < MAX_WORD) {
          latin += folded;
          latinEnd = end;
        }
        latinLength += 1;
      }
    }
    flushLatin();
    flushRun();
  }

  // The terms of a text with where each is ({term, start, end} in UTF-16 offsets).
  function tokens(text, query) {
    var out = [];
    var source = String(text || "");
    WORD.lastIndex = 0;
    var match;
    while ((match = WORD.exec(source))) {
      var word = match[0];
      if (PLAIN_WORD.test(word)) {
        var kept = word.length > MAX_WORD ? word.slice(0, MAX_WORD) : word;
        out.push({ term: kept.toLowerCase(), start: match.index, end: match.index + kept.length });
      } else {
        splitWord(word, match.index, out, query);
      }
    }
    return out;
  }

  // Whether a and b's first lb characters (all of b by default) are at most one edit apart:
  // a letter inserted, dropped, changed, or two neighbours swapped. No strings are made.
  function withinOne(a, b, lb) {
    var la = a.length;
    if (lb === undefined) lb = b.length;
    if (la - lb > 1 || lb - la > 1) return false;
    var i = 0;
    while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (la === lb) {
      if (i >= la) return true;
      if (same(a, i + 1, la, b, i + 1)) return true;
      return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i)
        && same(a, i + 2, la, b, i + 2);
    }
    return la > lb ? same(a, i + 1, la, b, i) : same(a, i, la, b, i + 1);
  }

  // Whether a from i to its end equals b from j on.
  function same(a, i, la, b, j) {
    for (; i < la; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
    return true;
  }

  // Whether some beginning of w is at most one edit from q (q being typed, w a vocabulary word).
  function prefixWithinOne(q, w) {
    var lq = q.length, lw = w.length, i = 0;
    while (i < lq && i < lw && q.charCodeAt(i) === w.charCodeAt(i)) i++;
    if (i >= lq) return true;
    if (i >= lw) return lq - lw === 1;
    if (lw >= lq && same(q, i + 1, lq, w, i + 1)) return true;
    if (same(q, i + 1, lq, w, i)) return true;
    if (lw > lq && same(q, i, lq, w, i + 1)) return true;
    return i + 1 < lq && lw >= lq && q.charCodeAt(i) === w.charCodeAt(i + 1) && q.charCodeAt(i + 1) === w.charCodeAt(i)
      && same(q, i + 2, lq, w, i + 2);
  }

  function Engine(index) {
    this.docs = index.docs || [];
    this.terms = index.terms || [];
    this.postings = index.postings || [];
    this.shards = index.shards || [0];
    this.texts = new Map();
    this.decoded = new Map();
    this.decodedNotes = 0;
    this.rated = new Map();
    var sums = [0, 0, 0, 0];
    this.docs.forEach(function (doc) { for (var f = 0; f < 4; f++) sums[f] += doc[2 + f]; });
    var count = Math.max(1, this.docs.length);
    this.average = sums.map(function (sum) { return Math.max(1, sum / count); });
  }

  // The first vocabulary position not before `term`.
  Engine.prototype.lowerBound = function (term) {
    var low = 0, high = this.terms.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (this.terms[middle] < term) low = middle + 1; else high = middle;
    }
    return low;
  };

  // Vocabulary terms a query word reaches: itself, words it begins (when it is a prefix), words
  // one typo away (when long enough). Each as [position, weight, spelled right].
  Engine.prototype.expand = function (word, prefix) {
    var found = [];
    var terms = this.terms, q = word.term;
    var at = this.lowerBound(q);
    var end = at;
    if (terms[at] === q) { found.push([at, 1, true]); end = at + 1; }
    if (prefix) {
      var extra = [];
      for (; end < terms.length && terms[end].startsWith(q); end++) extra.push(end);
      // A letter or two begins thousands of words: keep the most frequent (longest postings).
      var cap = q.length < 2 ? SHORT_EXPANSIONS / 4 : q.length < 3 ? SHORT_EXPANSIONS : MAX_EXPANSIONS;
      if (extra.length > cap) {
        var postings = this.postings;
        extra.sort(function (x, y) { return postings[y].length - postings[x].length || x - y; });
        extra.length = cap;
      }
      extra.forEach(function (position) { found.push([position, 0.6 + 0.3 * q.length / terms[position].length, true]); });
    }
    if (word.cjk || q.length < TYPO_LENGTH) return found;
    for (var t = 0; t < terms.length; t++) {
      if (t >= at && t < end) continue;
      if (prefix ? prefixWithinOne(q, terms[t]) : withinOne(q, terms[t])) found.push([t, 0.5, false]);
    }
    return found;
  };

  // One posting list, decoded once and kept: {docs, counts} with four counts per note.
  Engine.prototype.decode = function (position) {
    var known = this.decoded.get(position);
    if (known) return known;
    var encoded = this.postings[position] || "";
    var numbers = [];
    var value = 0, shift = 0;
    for (var i = 0; i < encoded.length; i++) {
      var digit = DIGITS[encoded.charCodeAt(i)];
      value += (digit & 31) * Math.pow(2, shift);
      shift += 5;
      if (digit < 32) { numbers.push(value); value = 0; shift = 0; }
    }
    var docs = [], counts = [];
    var doc = -1;
    for (var n = 0; n < numbers.length;) {
      doc += numbers[n++];
      var code = numbers[n++];
      docs.push(doc);
      for (var f = 0; f < 3; f++) counts.push(code & (1 << f) ? numbers[n++] : 0);
      counts.push(code >> 3);
    }
    var list = { docs: Int32Array.from(docs), counts: Uint16Array.from(counts) };
    // Bounded by notes held, not lists: a common word's list is as long as the vault.
    this.decodedNotes += docs.length;
    if (this.decodedNotes > 2000000) { this.decoded.clear(); this.decodedNotes = docs.length; }
    this.decoded.set(position, list);
    return list;
  };

  // For one query word, each note's rank and score: the rank is the best of its matches (a word
  // spelled right above a typo, then title, headings, tags, text: -1 for no match), the score
  // BM25 over the fields with their weights. Kept for the next keystroke, which usually changes
  // only the last word.
  Engine.prototype.rateWord = function (word, prefix) {
    var key = (prefix ? "+" : "=") + word.term;
    var known = this.rated.get(key);
    if (known) return known;
    var N = this.docs.length, docs = this.docs, average = this.average;
    var rank = new Int8Array(N).fill(-1), score = new Float64Array(N), terms = [];
    var self = this;
    this.expand(word, prefix).forEach(function (how) {
      var list = self.decode(how[0]);
      var count = list.docs.length;
      if (!count) return;
      terms.push(self.terms[how[0]]);
      var idf = Math.log(1 + (N - count + 0.5) / (count + 0.5)) * how[1];
      var bonus = how[2] ? 4 : 0;
      for (var k = 0; k < count; k++) {
        var doc = list.docs[k], row = docs[doc], value = 0, best = -1;
        for (var f = 0; f < 4; f++) {
          var tf = list.counts[k * 4 + f];
          if (!tf) continue;
          var norm = 1 - B + B * row[2 + f] / average[f];
          value += WEIGHTS[f] * tf * (K1 + 1) / (tf + K1 * norm);
          if (best < 0) best = FIELD_RANK[f] + bonus;
        }
        if (best > rank[doc]) rank[doc] = best;
        if (value * idf > score[doc]) score[doc] = value * idf;
      }
    });
    var rated = { rank: rank, score: score, terms: terms };
    if (this.rated.size > 24) this.rated.clear();
    this.rated.set(key, rated);
    return rated;
  };

  // The notes matching every word of the query, best first: {total, results, marks}. `marks`
  // maps each vocabulary term that matched to its query word's number, for highlighting.
  Engine.prototype.search = function (query, limit) {
    var seen = new Set();
    var words = tokens(query, true).filter(function (word) { return !seen.has(word.term) && seen.add(word.term); });
    var marks = new Map();
    if (!words.length) return { total: 0, results: [], marks: marks };
    var open = !/[^\p{L}\p{N}\p{M}]$/u.test(query);
    var self = this;
    var rated = words.map(function (word, number) {
      var one = self.rateWord(word, open && number === words.length - 1);
      one.terms.forEach(function (term) { if (!marks.has(term)) marks.set(term, number); });
      return one;
    });
    var N = this.docs.length;
    var rank = new Float64Array(N), score = new Float64Array(N), matched = [];
    notes: for (var d = 0; d < N; d++) {
      for (var w = 0; w < rated.length; w++) {
        if (rated[w].rank[d] < 0) continue notes;
        rank[d] += rated[w].rank[d];
        score[d] += rated[w].score[d];
      }
      matched.push(d);
    }
    var docs = this.docs;
    matched.sort(function (x, y) {
      return rank[y] - rank[x] || score[y] - score[x] || (docs[x][0] < docs[y][0] ? -1 : docs[x][0] > docs[y][0] ? 1 : x - y);
    });
    var results = matched.slice(0, limit).map(function (doc) {
      return { doc: doc, title: docs[doc][0], url: docs[doc][1], shard: self.shardOf(doc) };
    });
    return { total: matched.length, results: results, marks: marks };
  };

  Engine.prototype.shardOf = function (doc) {
    var shard = 0;
    while (shard + 1 < this.shards.length && this.shards[shard + 1] <= doc) shard++;
    return shard;
  };

  // The note's text, when its shard has loaded (window.notesiteSearchText[shard]).
  Engine.prototype.text = function (doc) {
    var shard = this.shardOf(doc);
    var loaded = window.notesiteSearchText && window.notesiteSearchText[shard];
    return loaded ? loaded[doc - this.shards[shard]] : undefined;
  };

  // Ranges of `text` to mark: tokens whose term matched, overlapping ones merged.
  function markRanges(list, marks) {
    var ranges = [];
    list.forEach(function (token) {
      if (!marks.has(token.term)) return;
      var last = ranges[ranges.length - 1];
      if (last && token.start <= last[1]) last[1] = Math.max(last[1], token.end);
      else ranges.push([token.start, token.end]);
    });
    return ranges;
  }

  Engine.prototype.titleMarks = function (title, marks) {
    return markRanges(tokens(title, false), marks);
  };

  // About `size` characters of the note's text around the place where the most different query
  // words match close together, with the ranges to mark inside it: {text, marks, before, after}.
  Engine.prototype.snippet = function (doc, marks, size) {
    var text = this.text(doc);
    if (text === undefined) return null;
    var list = this.texts.get(doc);
    if (!list) {
      if (this.texts.size > 200) this.texts.clear();
      list = tokens(text, false);
      this.texts.set(doc, list);
    }
    var hits = list.filter(function (token) { return marks.has(token.term); });
    var bestAt = 0, bestCount = 0;
    for (var i = 0; i < hits.length; i++) {
      var words = new Set();
      for (var j = i; j < hits.length && hits[j].start < hits[i].start + size * 0.7; j++) words.add(marks.get(hits[j].term));
      if (words.size > bestCount) { bestCount = words.size; bestAt = hits[i].start; }
    }
    var start = Math.max(0, bestAt - Math.round(size * 0.3));
    if (start > 0) {
      var space = text.indexOf(" ", start);
      if (space >= 0 && space < bestAt) start = space + 1;
    }
    var end = Math.min(text.length, start + size);
    if (end < text.length) {
      var cut = text.lastIndexOf(" ", end);
      if (cut > start + size * 0.6) end = cut;
    }
    var ranges = markRanges(list, marks).filter(function (range) { return range[1] > start && range[0] < end; })
      .map(function (range) { return [Math.max(range[0], start) - start, Math.min(range[1], end) - start]; });
    return { text: text.slice(start, end), marks: ranges, before: start > 0, after: end < text.length };
  };

  window.notesiteSearchEngine = {
    create: function (index) { return new Engine(index); },
    tokens: tokens,
    withinOne: withinOne,
    prefixWithinOne: prefixWithinOne
  };
})();
