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

  function Engine(index) {
    this.docs = index.docs || [];
    this.terms = index.terms || [];
    this.postings = index.postings || [];
    this.shards = index.shards || [0];
    this.texts = new Map();
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
  // one typo away (when long enough). Each with a weight and whether it is a typo.
  Engine.prototype.expand = function (word, prefix) {
    var found = new Map();
    var terms = this.terms;
    var at = this.lowerBound(word.term);
    if (terms[at] === word.term) found.set(at, { weight: 1, exact: true });
    if (prefix) {
      var extra = [];
      for (var p = at; p < terms.length && terms[p].startsWith(word.term); p++) if (p !== at || !found.has(p)) extra.push(p);
      if (extra.length > MAX_EXPANSIONS) {
        var postings = this.postings;
        extra.sort(function (x, y) { return postings[y].length - postings[x].length || x - y; });
        extra.length = MAX_EXPANSIONS;
      }
      extra.forEach(function (position) {
        found.set(position, { weight: 0.6 + 0.3 * word.term.length / terms[position].length, exact: true });
      });
    }
    if (!word.cjk && word.term.length >= TYPO_LENGTH) {
      var q = word.term;
      for (var t = 0; t < terms.length; t++) {
        if (found.has(t)) continue;
        var candidate = terms[t];
        if (prefix && candidate.startsWith(q)) continue;
        var typo = withinOne(q, candidate);
        if (!typo && prefix && candidate.length > q.length) {
          typo = withinOne(q, candidate, q.length) || withinOne(q, candidate, q.length - 1)
            || (candidate.length > q.length + 1 && withinOne(q, candidate, q.length + 1));
        }
        if (typo) found.set(t, { weight: 0.5, exact: false });
      }
    }
    return found;
  };

  // One posting list: per note, its number and its count in each field.
  Engine.prototype.decode = function (position) {
    var encoded = this.postings[position] || "";
    var numbers = [];
    var value = 0, shift = 0;
    for (var i = 0; i < encoded.length; i++) {
      var digit = DIGITS[encoded.charCodeAt(i)];
      value += (digit & 31) * Math.pow(2, shift);
      shift += 5;
      if (digit < 32) { numbers.push(value); value = 0; shift = 0; }
    }
    var list = [];
    var doc = -1;
    for (var n = 0; n < numbers.length;) {
      doc += numbers[n++];
      var code = numbers[n++];
      var counts = [0, 0, 0, code >> 3];
      for (var f = 0; f < 3; f++) if (code & (1 << f)) counts[f] = numbers[n++];
      list.push({ doc: doc, counts: counts });
    }
    return list;
  };

  // How well one posting matches: BM25 summed over fields with their weights, and its rank: a
  // word spelled right ranks above a typo, then by the best field it is in.
  Engine.prototype.rate = function (posting, idf, weight, exact) {
    var doc = this.docs[posting.doc];
    var score = 0, rank = -1;
    for (var f = 0; f < 4; f++) {
      var tf = posting.counts[f];
      if (!tf) continue;
      var norm = 1 - B + B * doc[2 + f] / this.average[f];
      score += WEIGHTS[f] * tf * (K1 + 1) / (tf + K1 * norm);
      rank = Math.max(rank, FIELD_RANK[f] + (exact ? 4 : 0));
    }
    return { score: score * idf * weight, rank: rank };
  };

  // The notes matching every word of the query, best first: {total, results, marks}. `marks`
  // maps each vocabulary term that matched to its query word's number, for highlighting.
  Engine.prototype.search = function (query, limit) {
    var words = tokens(query, true);
    var seen = new Set();
    words = words.filter(function (word) { return !seen.has(word.term) && seen.add(word.term); });
    if (!words.length) return { total: 0, results: [], marks: new Map() };
    var open = !/[^\p{L}\p{N}\p{M}]$/u.test(query);
    var N = this.docs.length;
    var rank = new Float64Array(N), score = new Float64Array(N), hits = new Uint16Array(N);
    var marks = new Map();
    var self = this;
    words.forEach(function (word, number) {
      var best = new Map();
      self.expand(word, open && number === words.length - 1).forEach(function (how, position) {
        var list = self.decode(position);
        if (list.length) marks.set(self.terms[position], number);
        var idf = Math.log(1 + (N - list.length + 0.5) / (list.length + 0.5));
        list.forEach(function (posting) {
          var rated = self.rate(posting, idf, how.weight, how.exact);
          var known = best.get(posting.doc);
          if (!known) best.set(posting.doc, rated);
          else { known.rank = Math.max(known.rank, rated.rank); known.score = Math.max(known.score, rated.score); }
        });
      });
      best.forEach(function (rated, doc) {
        if (hits[doc] !== number) return;
        hits[doc] = number + 1;
        rank[doc] += rated.rank;
        score[doc] += rated.score;
      });
    });
    var matched = [];
    for (var d = 0; d < N; d++) if (hits[d] === words.length) matched.push(d);
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
    withinOne: withinOne
  };
})();
