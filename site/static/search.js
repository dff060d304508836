// judgebase's search in the browser: the server's ranking (judgebase/search/*.py), function for function,
// over the same index (judgebase/search/index.py writes it; the static export embeds it as JSON).
// The numbers of the ranking (BM25's k1 and b, every weight and factor), the stop words, the question
// words and the glossary come from the index, never from this file. tests/test_search_parity.py runs
// this file in node and requires the server's top five for the development queries.
//
// Strings are indexed by UTF-16 code units here and by code points in Python: they agree on every
// character of the Basic Multilingual Plane (Latin, Greek, Cyrillic, Hangul, CJK), and may differ on
// words with characters beyond it.
(function (root) {
  "use strict";

  var LANGUAGES = ["es", "en", "de"];
  var ASKED_LANGS = ["es", "en", "de"];  // ranking.py: the languages with asked questions
  var has = Object.prototype.hasOwnProperty;
  function own(obj, key) { return has.call(obj, key) ? obj[key] : undefined; }
  function endsWith(s, suffix) { return s.length >= suffix.length && s.slice(s.length - suffix.length) === suffix; }
  function endsWithAny(s, list) { for (var i = 0; i < list.length; i++) if (endsWith(s, list[i])) return true; return false; }
  function at(word, i) { var j = i < 0 ? word.length + i : i; return j >= 0 && j < word.length ? word[j] : ""; }
  function cut(n, s) { return n ? s.slice(0, Math.max(0, s.length - n)) : s; }
  function pyslice(s, a, b) {  // Python's s[a:b] for negative a and b
    var n = s.length;
    a = a < 0 ? Math.max(0, n + a) : Math.min(a, n);
    b = b < 0 ? Math.max(0, n + b) : Math.min(b, n);
    return b > a ? s.slice(a, b) : "";
  }

  // ---- stemmers.py -----------------------------------------------------------------------------------
  function table(list) {
    var lengths = [], set = {};
    list.forEach(function (s) { set[s] = true; if (lengths.indexOf(s.length) < 0) lengths.push(s.length); });
    lengths.sort(function (a, b) { return b - a; });
    return { lengths: lengths, set: set };
  }
  function ends(word, t) {  // the longest suffix of word in the table, or ""
    for (var i = 0; i < t.lengths.length; i++) {
      var n = t.lengths[i];
      if (n <= word.length && has.call(t.set, word.slice(word.length - n))) return word.slice(word.length - n);
    }
    return "";
  }
  function r1r2(word, vowels) {
    var r1 = "", r2 = "", i;
    for (i = 1; i < word.length; i++) {
      if (vowels.indexOf(word[i]) < 0 && vowels.indexOf(word[i - 1]) >= 0) { r1 = word.slice(i + 1); break; }
    }
    for (i = 1; i < r1.length; i++) {
      if (vowels.indexOf(r1[i]) < 0 && vowels.indexOf(r1[i - 1]) >= 0) { r2 = r1.slice(i + 1); break; }
    }
    return [r1, r2];
  }
  function isIn(ch, chars) { return chars.indexOf(ch) >= 0; }  // Python's `ch in chars` ("" is in every string)

  var ES_VOWELS = "aeiou";
  var ES_STEP0 = table(["selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo"]);
  var ES_STEP1 = table(["amientos", "imientos", "amiento", "imiento", "aciones", "uciones", "adoras", "adores", "ancias",
    "encias", "amente", "idades", "anzas", "ismos", "ables", "ibles", "istas", "adora", "antes", "ancia", "encia", "mente",
    "anza", "icos", "icas", "ismo", "able", "ible", "ista", "osos", "osas", "ador", "ante", "idad", "ivas", "ivos", "ico",
    "ica", "oso", "osa", "iva", "ivo"]);
  var ES_STEP2A = table(["yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo"]);
  var ES_STEP2B = table(["aremos", "eremos", "iremos", "ierais", "ieseis", "asteis", "isteis", "ieran", "iesen", "ieron",
    "iendo", "ieras", "ieses", "abais", "arais", "aseis", "iera", "iese", "aste", "iste", "aban", "aran", "asen", "aron",
    "ando", "abas", "adas", "idas", "aras", "ases", "ados", "idos", "amos", "imos", "emos", "aba", "ada", "ida", "ara",
    "ase", "ado", "ido", "ad", "ed", "id", "an", "ar", "er", "ir", "as", "en", "es"]);
  var ES_STEP3 = table(["os", "a", "e", "o"]);

  function esRv(word) {
    var v = ES_VOWELS, i;
    if (word.length < 2) return "";
    if (!isIn(word[1], v)) {
      for (i = 2; i < word.length; i++) if (isIn(word[i], v)) return word.slice(i + 1);
      return "";
    }
    if (v.indexOf(word.slice(0, 2)) >= 0) {  // a substring test, as in the reference
      for (i = 2; i < word.length; i++) if (!isIn(word[i], v)) return word.slice(i + 1);
      return "";
    }
    return word.slice(3);
  }

  function spanish(word) {
    var r = r1r2(word, ES_VOWELS), r1 = r[0], r2 = r[1], rv = esRv(word), suffix, n, step1 = false, i;
    suffix = ends(word, ES_STEP0);
    if (suffix) {
      n = suffix.length;
      if (endsWith(rv, suffix) && (endsWithAny(cut(n, rv), ["ando", "iendo", "ar", "er", "ir"]) ||
          (endsWith(cut(n, rv), "yendo") && endsWith(cut(n, word), "uyendo")))) {
        word = cut(n, word); r1 = cut(n, r1); r2 = cut(n, r2); rv = cut(n, rv);
      }
    }
    suffix = ends(word, ES_STEP1);
    n = suffix.length;
    if (suffix) {
      if (suffix === "amente" && endsWith(r1, suffix)) {
        step1 = true;
        word = cut(6, word); r2 = cut(6, r2); rv = cut(6, rv);
        if (endsWith(r2, "iv")) {
          word = cut(2, word); r2 = cut(2, r2); rv = cut(2, rv);
          if (endsWith(r2, "at")) { word = cut(2, word); rv = cut(2, rv); }
        } else if (endsWithAny(r2, ["os", "ic", "ad"])) {
          word = cut(2, word); rv = cut(2, rv);
        }
      } else if (endsWith(r2, suffix)) {
        step1 = true;
        if (["adora", "ador", "adoras", "adores", "aciones", "ante", "antes", "ancia", "ancias"].indexOf(suffix) >= 0) {
          word = cut(n, word); r2 = cut(n, r2); rv = cut(n, rv);
          if (endsWith(r2, "ic")) { word = cut(2, word); rv = cut(2, rv); }
        } else if (suffix === "uciones") {
          word = word.split(suffix).join("u"); rv = rv.split(suffix).join("u");
        } else if (suffix === "encia" || suffix === "encias") {
          word = word.split(suffix).join("ente"); rv = rv.split(suffix).join("ente");
        } else if (suffix === "mente") {
          word = cut(5, word); r2 = cut(5, r2); rv = cut(5, rv);
          if (endsWithAny(r2, ["ante", "able", "ible"])) { word = cut(4, word); rv = cut(4, rv); }
        } else if (suffix === "idad" || suffix === "idades") {
          word = cut(n, word); r2 = cut(n, r2); rv = cut(n, rv);
          ["abil", "ic", "iv"].forEach(function (pre) {
            if (endsWith(r2, pre)) { word = cut(pre.length, word); rv = cut(pre.length, rv); }
          });
        } else if (["ivo", "iva", "ivos", "ivas"].indexOf(suffix) >= 0) {
          word = cut(n, word); r2 = cut(n, r2); rv = cut(n, rv);
          if (endsWith(r2, "at")) { word = cut(2, word); rv = cut(2, rv); }
        } else {
          word = cut(n, word); rv = cut(n, rv);
        }
      }
    }
    if (!step1) {
      for (i = 0; i < ES_STEP2A.lengths.length; i++) {
        n = ES_STEP2A.lengths[i];
        if (n <= rv.length && has.call(ES_STEP2A.set, rv.slice(rv.length - n)) && pyslice(word, -n - 1, -n) === "u") {
          word = cut(n, word); rv = cut(n, rv);
          break;
        }
      }
      suffix = ends(rv, ES_STEP2B);
      if (suffix) {
        word = cut(suffix.length, word); rv = cut(suffix.length, rv);
        if (suffix === "en" || suffix === "es" || suffix === "emos") {
          if (endsWith(word, "gu")) word = cut(1, word);
          if (endsWith(rv, "gu")) rv = cut(1, rv);
        }
      }
    }
    suffix = ends(rv, ES_STEP3);
    if (suffix) {
      word = cut(suffix.length, word); rv = cut(suffix.length, rv);
      if (suffix === "e" && word.slice(-2) === "gu" && rv.slice(-1) === "u") word = cut(1, word);
    }
    return word;
  }

  var DE_VOWELS = "aeiouy", DE_S_ENDING = "bdfghklmnrt", DE_ST_ENDING = "bdfghklmnt";
  var DE_STEP1 = table(["ern", "em", "er", "en", "es", "e", "s"]);
  var DE_STEP2 = table(["est", "en", "er", "st"]);
  var DE_STEP3 = table(["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"]);

  function german(word) {
    var v = DE_VOWELS, i, suffix, n;
    for (i = 1; i < word.length - 1; i++) {
      if (isIn(word[i - 1], v) && isIn(word[i + 1], v) && (word[i] === "u" || word[i] === "y")) {
        word = word.slice(0, i) + word[i].toUpperCase() + word.slice(i + 1);
      }
    }
    var r = r1r2(word, v), r1 = r[0], r2 = r[1];
    for (i = 1; i < word.length; i++) {
      if (!isIn(word[i], v) && isIn(word[i - 1], v)) {
        if (i + 1 < 3) r1 = word.slice(3);
        break;
      }
    }
    suffix = ends(r1, DE_STEP1);
    if (suffix) {
      n = suffix.length;
      if ((suffix === "en" || suffix === "es" || suffix === "e") && pyslice(word, -n - 4, -n) === "niss") {
        word = cut(n + 1, word); r1 = cut(n + 1, r1); r2 = cut(n + 1, r2);
      } else if (suffix === "s") {
        if (isIn(at(word, -2), DE_S_ENDING)) { word = cut(1, word); r1 = cut(1, r1); r2 = cut(1, r2); }
      } else {
        word = cut(n, word); r1 = cut(n, r1); r2 = cut(n, r2);
      }
    }
    suffix = ends(r1, DE_STEP2);
    if (suffix) {
      if (suffix === "st") {
        if (isIn(at(word, -3), DE_ST_ENDING) && cut(3, word).length >= 3) { word = cut(2, word); r1 = cut(2, r1); r2 = cut(2, r2); }
      } else {
        word = cut(suffix.length, word); r1 = cut(suffix.length, r1); r2 = cut(suffix.length, r2);
      }
    }
    suffix = ends(r2, DE_STEP3);
    if (suffix) {
      n = suffix.length;
      if (suffix === "end" || suffix === "ung") {
        if (pyslice(r2, -n - 2, -n).indexOf("ig") >= 0 && pyslice(r2, -n - 3, -n - 2).indexOf("e") < 0) word = cut(n + 2, word);
        else word = cut(n, word);
      } else if ((suffix === "ig" || suffix === "ik" || suffix === "isch") && pyslice(r2, -n - 1, -n).indexOf("e") < 0) {
        word = cut(n, word);
      } else if (suffix === "lich" || suffix === "heit") {
        if (pyslice(r1, -n - 2, -n).indexOf("er") >= 0 || pyslice(r1, -n - 2, -n).indexOf("en") >= 0) word = cut(n + 2, word);
        else word = cut(n, word);
      } else if (suffix === "keit") {
        if (pyslice(r2, -n - 4, -n).indexOf("lich") >= 0) word = cut(n + 4, word);
        else if (pyslice(r2, -n - 2, -n).indexOf("ig") >= 0) word = cut(n + 2, word);
        else word = cut(n, word);
      }
    }
    return word.replace(/U/g, "u").replace(/Y/g, "y");
  }

  var EN_VOWELS = "aeiouy", EN_LI_ENDING = "cdeghkmnrt";
  var EN_DOUBLES = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];
  var EN_STEP0 = table(["'s'", "'s", "'"]);
  var EN_STEP1A = table(["sses", "ied", "ies", "us", "ss", "s"]);
  var EN_STEP1B = table(["eedly", "ingly", "edly", "eed", "ing", "ed"]);
  var EN_STEP2_NEW = {
    ization: "ize", ational: "ate", fulness: null, ousness: "ous", iveness: "ive", tional: null, biliti: "ble",
    lessli: null, entli: null, ation: "ate", alism: "al", aliti: "al", ousli: "ous", iviti: "ive", fulli: null,
    enci: null, anci: null, abli: null, izer: "ize", ator: "ate", alli: "al", bli: "ble", ogi: null, li: null
  };
  var EN_STEP2 = table(Object.keys(EN_STEP2_NEW));
  var EN_STEP3 = table(["ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful"]);
  var EN_STEP4 = table(["ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive",
    "ize", "ion", "al", "er", "ic"]);
  var EN_SPECIAL = {
    skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl", gently: "gentl", ugly: "ugli",
    early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe", atlas: "atlas",
    cosmos: "cosmos", bias: "bias", andes: "andes", inning: "inning", innings: "inning", outing: "outing",
    outings: "outing", canning: "canning", cannings: "canning", herring: "herring", herrings: "herring",
    earring: "earring", earrings: "earring", proceed: "proceed", proceeds: "proceed", proceeded: "proceed",
    proceeding: "proceed", exceed: "exceed", exceeds: "exceed", exceeded: "exceed", exceeding: "exceed",
    succeed: "succeed", succeeds: "succeed", succeeded: "succeed", succeeding: "succeed"
  };

  function anyVowel(s, v) { for (var i = 0; i < s.length; i++) if (isIn(s[i], v)) return true; return false; }

  function english(word) {
    if (has.call(EN_SPECIAL, word)) return EN_SPECIAL[word];
    var v = EN_VOWELS, i, suffix, n, r, r1, r2;
    word = word.replace(/\u2019/g, "'").replace(/\u2018/g, "'").replace(/\u201b/g, "'");
    if (word[0] === "'") word = word.slice(1);
    if (word[0] === "y") word = "Y" + word.slice(1);
    for (i = 1; i < word.length; i++) {
      if (isIn(word[i - 1], v) && word[i] === "y") word = word.slice(0, i) + "Y" + word.slice(i + 1);
    }
    if (/^(?:gener|commun|arsen)/.test(word)) {
      r1 = /^commun/.test(word) ? word.slice(6) : word.slice(5);
      r2 = "";
      for (i = 1; i < r1.length; i++) {
        if (!isIn(r1[i], v) && isIn(r1[i - 1], v)) { r2 = r1.slice(i + 1); break; }
      }
    } else {
      r = r1r2(word, v); r1 = r[0]; r2 = r[1];
    }
    function drop(k) { word = cut(k, word); r1 = cut(k, r1); r2 = cut(k, r2); }
    function swap(k, add, short) {  // replace the last k letters by add, in R1/R2 where they reach that far
      word = cut(k, word) + add;
      r1 = r1.length >= k ? cut(k, r1) + add : "";
      r2 = r2.length >= k ? cut(k, r2) + add : (short || "");
    }

    suffix = ends(word, EN_STEP0);
    if (suffix) drop(suffix.length);

    suffix = ends(word, EN_STEP1A);
    if (suffix === "sses") drop(2);
    else if (suffix === "ied" || suffix === "ies") drop(word.length - 3 > 1 ? 2 : 1);
    else if (suffix === "s") { if (anyVowel(cut(2, word), v)) drop(1); }

    suffix = ends(word, EN_STEP1B);
    n = suffix.length;
    if (suffix === "eed" || suffix === "eedly") {
      if (endsWith(r1, suffix)) swap(n, "ee");
    } else if (suffix && anyVowel(cut(n, word), v)) {
      drop(n);
      if (endsWithAny(word, ["at", "bl", "iz"])) {
        word = word + "e"; r1 = r1 + "e";
        if (word.length > 5 || r1.length >= 3) r2 = r2 + "e";
      } else if (endsWithAny(word, EN_DOUBLES)) {
        drop(1);
      } else if ((r1 === "" && word.length >= 3 && !isIn(word[word.length - 1], v) && !isIn(word[word.length - 1], "wxY") &&
                  isIn(word[word.length - 2], v) && !isIn(word[word.length - 3], v)) ||
                 (r1 === "" && word.length === 2 && isIn(word[0], v) && !isIn(word[1], v))) {
        word = word + "e";
        if (r1) r1 = r1 + "e";
        if (r2) r2 = r2 + "e";
      }
    }

    if (word.length > 2 && isIn(word[word.length - 1], "yY") && !isIn(word[word.length - 2], v)) swap(1, "i");

    suffix = ends(word, EN_STEP2);
    if (suffix && endsWith(r1, suffix)) {
      n = suffix.length;
      var add = EN_STEP2_NEW[suffix];
      if (add !== null) {
        swap(n, add, ["ational", "ation", "ator", "iveness", "iviti"].indexOf(suffix) >= 0 ? "e" : "");
      } else if (suffix === "tional" || suffix === "entli" || suffix === "fulli" || suffix === "lessli") {
        drop(2);
      } else if (suffix === "enci" || suffix === "anci" || suffix === "abli") {
        swap(1, "e");
      } else if (suffix === "fulness") {
        drop(4);
      } else if (suffix === "ogi" && at(word, -4) === "l") {
        drop(1);
      } else if (suffix === "li" && isIn(at(word, -3), EN_LI_ENDING)) {
        drop(2);
      }
    }

    suffix = ends(word, EN_STEP3);
    if (suffix && endsWith(r1, suffix)) {
      n = suffix.length;
      if (suffix === "tional") drop(2);
      else if (suffix === "ational") swap(n, "ate");
      else if (suffix === "alize") drop(3);
      else if (suffix === "icate" || suffix === "iciti" || suffix === "ical") swap(n, "ic");
      else if (suffix === "ful" || suffix === "ness") drop(n);
      else if (suffix === "ative" && endsWith(r2, suffix)) drop(5);
    }

    suffix = ends(word, EN_STEP4);
    if (suffix && endsWith(r2, suffix)) {
      if (suffix === "ion") { var c = at(word, -4); if (c === "s" || c === "t") drop(3); }
      else drop(suffix.length);
    }

    if (endsWith(r2, "l") && at(word, -2) === "l") {
      word = cut(1, word);
    } else if (endsWith(r2, "e")) {
      word = cut(1, word);
    } else if (endsWith(r1, "e")) {
      if (word.length >= 4 && (isIn(word[word.length - 2], v) || isIn(word[word.length - 2], "wxY") ||
          !isIn(word[word.length - 3], v) || isIn(word[word.length - 4], v))) {
        word = cut(1, word);
      }
    }
    return word.replace(/Y/g, "y");
  }

  var STEMMERS = { es: spanish, de: german, en: english };

  // ---- analysis.py -------------------------------------------------------------------------------------
  var TOKEN = /[\p{L}\p{N}]+/gu;
  var WORD = /[\p{L}\p{N}]+(?:[’'][\p{L}\p{N}]+)?/gu;
  var KO_WORD = /[\p{L}\p{N}_*]+(?:\.?[\p{L}\p{N}_*]+)*/gu;
  var ASCII = /^[\x00-\x7f]*$/;
  var HANGUL = /[\uac00-\ud7a3]/;

  function fold(text) {
    if (ASCII.test(text)) return text.toLowerCase();
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ß/g, "ss").normalize("NFC");
  }
  function matches(re, text) { return text.match(re) || []; }
  // analysis._umlauts_spelled_out: German typed without umlauts ("geloescht" is "gelöscht"), not "que"
  function umlautsSpelledOut(word) {
    return word.indexOf("e") < 0 ? word : word.replace(/ae|oe|ue/g, function (m, at) {
      return m === "ue" && at > 0 && word[at - 1] === "q" ? m : m[0];
    });
  }

  function Analyser(meta) {
    var stop = {}, dropped = {}, question = {};
    LANGUAGES.forEach(function (lang) {
      var keep = meta.keep[lang] || [];
      stop[lang] = {}; dropped[lang] = {}; question[lang] = {};
      meta.stopwords[lang].forEach(function (w) { stop[lang][w] = true; if (keep.indexOf(w) < 0) dropped[lang][w] = true; });
      (meta.question_words[lang] || []).forEach(function (w) { question[lang][w] = true; });
    });
    var stems = {}, cache = {};
    function stem(lang, word) {
      var key = lang + ":" + word, found = own(stems, key);
      if (found === undefined) found = stems[key] = STEMMERS[lang](word);
      return found;
    }
    function analyse(lang, text) {  // [[term, position], ...]
      var out = [];
      if (lang === "ko") {
        matches(KO_WORD, text).forEach(function (word, pos) {
          var chars = Array.from(word.toLowerCase());
          for (var start = 0; start < chars.length - 1; start++) {
            for (var size = 2; size <= 3; size++) {
              if (start + size <= chars.length) out.push([chars.slice(start, start + size).join(""), pos]);
            }
          }
        });
        return out;
      }
      var pos = 0;
      matches(TOKEN, text).forEach(function (token) {
        var w = fold(token);
        if (has.call(dropped[lang], w)) return;
        if (lang === "de") w = umlautsSpelledOut(w);
        if (!has.call(dropped[lang], w)) out.push([stem(lang, w), pos++]);
      });
      return out;
    }
    function terms(lang, text) {
      var key = lang + "\u0000" + text, found = own(cache, key);
      if (found === undefined) found = cache[key] = analyse(lang, text).map(function (p) { return p[0]; });
      return found;
    }
    // analysis.compound_parts: the known last part of an unknown German compound, or a participle without "ge".
    var SEPARABLE = ["", "ab", "an", "auf", "aus", "ein", "mit", "nach", "vor", "weg", "zu", "zurueck"], MIN_PART = 4;
    function compoundParts(lang, word, known) {
      if (lang !== "de") return [];
      var folded = umlautsSpelledOut(fold(word)), n = Array.from(folded).length, i, toks;
      var fits = function (t) { return Array.from(t).length >= MIN_PART && known(t); };
      for (i = 0; i < SEPARABLE.length; i++) {
        var prefix = SEPARABLE[i], rest = folded.slice(prefix.length);
        if (folded.indexOf(prefix) === 0 && rest.indexOf("ge") === 0 && Array.from(rest).length - 2 >= MIN_PART) {
          toks = terms(lang, prefix + rest.slice(2));
          if (toks.length && toks.every(fits)) return toks;
        }
      }
      var chars = Array.from(folded);
      for (var cut = 3; cut <= n - MIN_PART; cut++) {
        toks = terms(lang, chars.slice(cut).join(""));
        if (toks.length && toks.every(fits)) return toks;
      }
      return [];
    }
    return {
      analyse: analyse,
      terms: terms,
      compoundParts: compoundParts,
      stem: stem,
      isStopword: function (word, lang) { return has.call(stop[lang] || {}, word); },
      isQuestionWord: function (word, lang) { return has.call(question[lang] || {}, fold(word)); }
    };
  }

  // ---- glossary.py -------------------------------------------------------------------------------------
  function glossaryKey(phrase) { return fold(phrase).trim().split(/[\s\-‐–]+/).join(" "); }

  function Glossary(data, analyser) {
    return {
      languagesOf: function (folded) { return own(data.langs, folded) || []; },
      phrases: function (words) {
        var found = [], taken = {};
        for (var n = data.longest; n > 1; n--) {
          for (var i = 0; i + n <= words.length; i++) {
            var free = true;
            for (var j = i; j < i + n; j++) if (taken[j]) free = false;
            if (free && own(data.keys, glossaryKey(words.slice(i, i + n).join(" "))) !== undefined) {
              found.push([i, n]);
              for (j = i; j < i + n; j++) taken[j] = true;
            }
          }
        }
        return found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
      },
      translationsOfTerm: function (lang, term) {  // glossary.py translations_of_term: a near spelling's entries
        return entries(own(data.keys, lang + ":" + term) || []);
      },
      translations: function (word) {  // per glossary entry of the word: [[lang, phrase, terms], ...]
        var ids = (own(data.keys, glossaryKey(word)) || []).slice();
        LANGUAGES.forEach(function (lang) {
          analyser.terms(lang, word).slice(0, 1).forEach(function (tok) {
            ids = ids.concat(own(data.keys, lang + ":" + tok) || []);
          });
        });
        return entries(ids);
      }
    };
    function entries(ids) {  // glossary.py _entries: each entry once, in id order
      var seen = {};
      ids.forEach(function (i) { seen[i] = true; });
      return Object.keys(seen).map(Number).sort(function (a, b) { return a - b; })
        .map(function (i) { return data.translations[i]; });
    }
  }

  // ---- scoring.py --------------------------------------------------------------------------------------
  function Postings(index) {
    var C = index.meta.constants, N = index.meta.doc_count, loaded = {}, bm25 = {}, fuzzy = {};
    function load(field, text) {  // {tf: {doc: count}, docs: [doc...], pos: {doc: [positions]}}
      var key = field + "\u0000" + text, found = own(loaded, key);
      if (found !== undefined) return found;
      var f = own(index.fields, field), flat = f ? own(f.terms, text) : undefined;
      found = { tf: new Map(), pos: new Map() };
      if (flat) {
        for (var i = 0; i < flat.length;) {
          var doc = flat[i], count = flat[i + 1];
          found.tf.set(doc, count);
          found.pos.set(doc, flat.slice(i + 2, i + 2 + count));
          i += 2 + count;
        }
      }
      return (loaded[key] = found);
    }
    function scoreParts(field, text) {  // [idf, Map(doc -> BM25 term-frequency part)]
      var key = field + "\u0000" + text, found = own(bm25, key);
      if (found !== undefined) return found;
      var counts = load(field, text).tf, df = counts.size, f = own(index.fields, field);
      var idf = Math.log(1 + (N - df + 0.5) / (df + 0.5)), parts = new Map();
      var avg = (f && f.avg) || 1.0, boost = f ? f.boost : 1.0, lengths = f ? f.lengths : [];
      counts.forEach(function (count, doc) {
        var tf = count * boost;
        parts.set(doc, tf * (C.K1 + 1) / (tf + C.K1 * (1 - C.B + C.B * lengths[doc] / avg)));
      });
      return (bm25[key] = [idf, parts]);
    }
    function termScores(field, text, boost) {
      var p = scoreParts(field, text), weight = p[0] * boost, out = new Map();
      p[1].forEach(function (part, doc) { out.set(doc, weight * part); });
      return out;
    }
    function inOrder(field, terms, doc, slop) {
      var starts = load(field, terms[0]).pos.get(doc) || [];
      var following = terms.slice(1).map(function (t) { return new Set(load(field, t).pos.get(doc) || []); });
      for (var s = 0; s < starts.length; s++) {
        var pos = starts[s], ok = true;
        for (var k = 0; k < following.length; k++) {
          var hit = null;
          for (var p = pos + 1; p < pos + slop + 2; p++) if (following[k].has(p)) { hit = p; break; }
          if (hit === null) { ok = false; break; }
          pos = hit;
        }
        if (ok) return true;
      }
      return false;
    }
    function within(a, b, maxdist) {  // edit distance at most maxdist, a swap of two adjacent letters one edit (scoring.within)
      a = Array.from(a); b = Array.from(b);
      if (Math.abs(a.length - b.length) > maxdist) return false;
      var before = [], previous = [], i, j;
      for (j = 0; j <= b.length; j++) previous.push(j);
      for (i = 1; i <= a.length; i++) {
        var current = [i], low = i;
        for (j = 1; j <= b.length; j++) {
          var cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, before[j - 2] + 1);
          current.push(cost);
          low = Math.min(low, cost);
        }
        if (low > maxdist) return false;
        before = previous; previous = current;
      }
      return previous[b.length] <= maxdist;
    }
    return {
      docCount: N,
      df: function (field, text) { return load(field, text).tf.size; },
      fuzzy: function (field, text, maxdist) {  // terms sharing the first letter, within maxdist edits, in term order
        var key = field + "\u0000" + text + "\u0000" + maxdist, found = own(fuzzy, key);
        if (found !== undefined) return found;
        found = [];
        var f = own(index.fields, field);
        if (f && text) {
          var first = String.fromCodePoint(text.codePointAt(0)), len = Array.from(text).length;
          Object.keys(f.terms).forEach(function (term) {
            if (term !== text && term.startsWith(first) && Math.abs(Array.from(term).length - len) <= maxdist &&
                within(term, text, maxdist)) found.push(term);
          });
          found.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
        }
        return (fuzzy[key] = found);
      },
      alternativeScores: function (alt) {
        if (alt.terms.length === 1) return termScores(alt.field, alt.terms[0], alt.boost);
        var docs = null;
        for (var i = 0; i < alt.terms.length; i++) {
          var tf = load(alt.field, alt.terms[i]).tf;
          if (docs === null) docs = Array.from(tf.keys());
          else docs = docs.filter(function (d) { return tf.has(d); });
          if (!docs.length) return new Map();
        }
        var matched = docs.filter(function (d) { return inOrder(alt.field, alt.terms, d, alt.slop); })
          .sort(function (a, b) { return a - b; });
        var total = new Map();
        matched.forEach(function (d) { total.set(d, 0.0); });
        alt.terms.forEach(function (text) {
          var p = scoreParts(alt.field, text), weight = p[0] * (alt.boost / alt.terms.length);
          matched.forEach(function (d) { total.set(d, total.get(d) + weight * p[1].get(d)); });
        });
        return total;
      }
    };
  }

  // ---- ranking.py --------------------------------------------------------------------------------------
  function Alternative(field, terms, boost, slop) {
    return { field: field, terms: terms, boost: boost === undefined ? 1.0 : boost, slop: slop === undefined ? 1 : slop };
  }

  function Ranker(index, analyser, glossary, postings) {
    var C = index.meta.constants, priors = index.meta.doc_priors;
    function unit(text, lang) {
      var u = { text: text, weight: analyser.isQuestionWord(text, lang) ? C.QUESTION_WORD_WEIGHT : 1.0, alternatives: [], titles: [] };
      var alts = u.alternatives, foreignOk = !analyser.isStopword(fold(text), lang);
      LANGUAGES.forEach(function (fieldLang) {
        if (fieldLang !== lang && !foreignOk) return;
        var toks = analyser.terms(fieldLang, text);
        if (toks.length) alts.push(Alternative("body_" + fieldLang, toks, fieldLang === lang ? 1.0 : C.FOREIGN_WEIGHT, 2));
        if (toks.length && fieldLang === lang) alts.push(Alternative("path_" + lang, toks, C.PATH_WEIGHT, 2));
      });
      if (HANGUL.test(text)) {
        var grams = analyser.terms("ko", text);
        if (grams.length) alts.push(Alternative("body_ko", grams, 1.0, 1));
      }
      glossary.translations(text).forEach(function (translations) {
        translations.forEach(function (t) {
          if (t[2].length) {
            var weight = C.GLOSSARY_WEIGHT * (t[0] === lang ? 1.0 : C.FOREIGN_WEIGHT);
            alts.push(Alternative("body_" + t[0], t[2], weight, 2));
            if (t[0] === lang) alts.push(Alternative("path_" + lang, t[2], C.GLOSSARY_WEIGHT * C.PATH_WEIGHT, 2));
          }
        });
      });
      var known = alts.some(function (a) {
        return a.terms.some(function (t) {
          return postings.df(a.field, t) > 0 || (askedField(a.field, lang) !== null && postings.df(askedField(a.field, lang), t) > 0);
        });
      });
      var length = Array.from(text).length;
      // A German compound or participle also matches its known last part: an unknown word, or a long one.
      if (foreignOk && ((!known && length >= 4) || (length >= C.COMPOUND_MIN_LENGTH && text.indexOf(" ") < 0))) {
        var parts = analyser.compoundParts(lang, text, function (t) { return postings.df("body_" + lang, t) > 0; });
        if (parts.length && parts.join("\u0000") !== analyser.terms(lang, text).join("\u0000")) {
          alts.push(Alternative("body_" + lang, parts, C.COMPOUND_WEIGHT, 2));
        }
      }
      if (!known && length >= 4 && foreignOk) {  // a stop word of the query's language is no typo
        var maxdist = length < 8 ? 1 : 2, nearWords = [];
        LANGUAGES.forEach(function (fieldLang) {
          analyser.terms(fieldLang, text).forEach(function (tok) {
            postings.fuzzy("body_" + fieldLang, tok, maxdist).forEach(function (near) {
              var weight = C.FUZZY_WEIGHT * (fieldLang === lang ? 1.0 : C.FOREIGN_WEIGHT);
              alts.push(Alternative("body_" + fieldLang, [near], weight));
              if (fieldLang === lang) nearWords.push(near);  // its glossary entry too ("soruces": "sources")
            });
          });
        });
        nearWords.forEach(function (near) {
          glossary.translationsOfTerm(lang, near).forEach(function (translations) {
            translations.forEach(function (t) {
              if (t[2].length && !(t[2].length === 1 && t[2][0] === near)) {
                var weight = C.FUZZY_WEIGHT * C.GLOSSARY_WEIGHT * (t[0] === lang ? 1.0 : C.FOREIGN_WEIGHT);
                alts.push(Alternative("body_" + t[0], t[2], weight, 2));
              }
            });
          });
        });
      }
      u.titles = analyser.terms(lang, text).map(function (tok) { return Alternative("title_" + lang, [tok], C.TITLE_WEIGHT); });
      alts.slice().forEach(function (a) {
        if (askedField(a.field, lang) !== null) alts.push(Alternative(askedField(a.field, lang), a.terms, a.boost * C.ASKED_WEIGHT, a.slop));
      });
      return u;
    }
    // The asked field matching the same words as the query language's body field (ranking.py: ASKED_LANGS), or null.
    function askedField(field, lang) {
      return C.ASKED_WEIGHT && field === "body_" + lang && ASKED_LANGS.indexOf(lang) >= 0 ? "asked_" + lang : null;
    }
    function units(words, lang) {
      var phrases = glossary.phrases(words), inside = {};
      phrases.forEach(function (p) { for (var i = p[0]; i < p[0] + p[1]; i++) inside[i] = true; });
      var texts = words.filter(function (w, i) { return !inside[i]; });
      phrases.forEach(function (p) { texts.push(words.slice(p[0], p[0] + p[1]).join(" ")); });
      return texts.map(function (t) { return unit(t, lang); }).filter(function (u) { return u.alternatives.length; });
    }
    function unitScores(u) {
      var best = new Map(), rest = new Map();
      u.alternatives.forEach(function (alt) {
        postings.alternativeScores(alt).forEach(function (score, doc) {
          var was = best.get(doc);
          if (was === undefined) best.set(doc, score);
          else if (score > was) { rest.set(doc, (rest.get(doc) || 0.0) + was); best.set(doc, score); }
          else rest.set(doc, (rest.get(doc) || 0.0) + score);
        });
      });
      var out = new Map();
      best.forEach(function (score, doc) { out.set(doc, (score + C.TIEBREAK * (rest.get(doc) || 0.0)) * u.weight); });
      var titled = u.titles.map(function (alt) { return postings.alternativeScores(alt); });
      shareInFamilies(out, titled);
      titled.forEach(function (scores) {
        scores.forEach(function (score, doc) {
          if (out.has(doc)) out.set(doc, out.get(doc) + score * u.weight);
        });
      });
      return out;
    }
    // ranking.Ranker._share_in_families: where a keyword's title has the unit, the documents of its section and
    // its direct sub-clauses that have the unit all score the family's best for it.
    var members = null;  // ref -> its documents, then its direct sub-clauses' (worked out once)
    function membersOf(ref) {
      if (members === null) {
        members = {};
        index.meta.doc_refs.forEach(function (r, d) { (own(members, r) || (members[r] = [])).push(d); });
        index.meta.doc_refs.forEach(function (r, d) {
          var m = index.meta.doc_kinds[d] === "clause" ? PARENT.exec(r) : null;
          if (m && own(members, m[1])) members[m[1]].push(d);
        });
      }
      return members[ref];
    }
    function shareInFamilies(out, titled) {
      var refs = index.meta.doc_refs, kinds = index.meta.doc_kinds, named = [];
      titled.forEach(function (scores) {
        scores.forEach(function (score, doc) {
          if (kinds[doc] === "keyword" && out.has(doc) && named.indexOf(refs[doc]) < 0) named.push(refs[doc]);
        });
      });
      named.sort().forEach(function (ref) {
        var found = membersOf(ref).filter(function (doc) { return out.has(doc); }), best = 0.0;
        found.forEach(function (doc) { best = Math.max(best, out.get(doc)); });
        found.forEach(function (doc) { out.set(doc, best); });
      });
    }
    function rarity(u) {
      var n = postings.docCount || 1, best = 0.0;
      u.alternatives.forEach(function (alt) {
        alt.terms.forEach(function (text) {
          var df = postings.df(alt.field, text);
          if (df) best = Math.max(best, Math.log(1 + n / df));
        });
      });
      return best * u.weight;
    }
    function proximity(words, lang) {
      var toks = [], out = new Map();
      words.forEach(function (w) { toks = toks.concat(analyser.terms(lang, w)); });
      for (var i = 0; i + 1 < toks.length; i++) {
        if (toks[i] === toks[i + 1]) continue;
        postings.alternativeScores(Alternative("body_" + lang, [toks[i], toks[i + 1]], C.PROXIMITY_WEIGHT, 3))
          .forEach(function (score, doc) { out.set(doc, (out.get(doc) || 0.0) + score); });
        if (C.ASKED_WEIGHT && ASKED_LANGS.indexOf(lang) >= 0) {  // ... or close together in a question judges ask
          postings.alternativeScores(Alternative("asked_" + lang, [toks[i], toks[i + 1]], C.PROXIMITY_WEIGHT * C.ASKED_PROXIMITY, 3))
            .forEach(function (score, doc) { out.set(doc, (out.get(doc) || 0.0) + score); });
        }
      }
      return out;
    }
    // ranking.Ranker._yield_to_sub_clauses: a section ranked above its own sub-clause that covers more of the query
    // moves just below it; scores before any move decide.
    var PARENT = /^(.*\d)[-.]\d+$/;
    function yieldToSubClauses(best, covered, totalWeight) {
      var refs = index.meta.doc_refs, kinds = index.meta.doc_kinds, byRef = {}, moved = new Map();
      best.forEach(function (score, doc) { (own(byRef, refs[doc]) || (byRef[refs[doc]] = [])).push(doc); });
      best.forEach(function (score, doc) {
        if (kinds[doc] !== "clause" || !covered.has(doc)) return;
        var m = PARENT.exec(refs[doc]);
        if (!m) return;
        var coverage = covered.get(doc) / totalWeight;
        (own(byRef, m[1]) || []).forEach(function (parent) {
          var above = best.get(parent);
          if (covered.has(parent) && coverage > covered.get(parent) / totalWeight + 1e-9 &&
              score >= C.SUB_CLAUSE_SHARE * above && above > score) {
            moved.set(parent, Math.max(moved.get(parent) || 0.0, score * C.SUB_CLAUSE_YIELD));
          }
        });
      });
      moved.forEach(function (score, parent) { best.set(parent, score); });
    }
    return {
      // [[doc, score], ...] best first, of the documents of ruleset and kind (null: any); the official rules first
      // unless a ruleset is asked for or named ({ruleset: true}); rulings citing a clause in cited ({ref: true}) up.
      rank: function (words, lang, ruleset, kind, named, cited) {
        var us = units(words, lang);
        if (!us.length) return [];
        var perUnit = us.map(unitScores), weights = us.map(rarity);
        var totalWeight = weights.reduce(function (a, b) { return a + b; }, 0) || 1.0;
        var totals = new Map(), covered = new Map();
        perUnit.forEach(function (scores, i) {
          scores.forEach(function (score, doc) {
            totals.set(doc, (totals.get(doc) || 0.0) + score);
            covered.set(doc, (covered.get(doc) || 0.0) + weights[i]);
          });
        });
        proximity(words, lang).forEach(function (bonus, doc) { if (totals.has(doc)) totals.set(doc, totals.get(doc) + bonus); });
        var ranked = [], rulesets = index.meta.doc_rulesets, kinds = index.meta.doc_kinds, cites = index.meta.doc_cites;
        var anyCited = Object.keys(cited || {}).length > 0;
        var anyNamed = Object.keys(named || {}).length > 0;  // a named ruleset's answers first, then the official ones
        // One result per thing: an example ruling counts for the clause it illustrates (the better score of the two).
        var groups = kind !== "ruling" ? index.meta.doc_groups : null, best = new Map();
        totals.forEach(function (score, doc) {
          var shown = groups ? groups[doc] : doc;
          if ((ruleset && rulesets[shown] !== ruleset) || (kind && kinds[shown] !== kind)) return;
          var coverage = covered.get(doc) / totalWeight;
          score = score * (C.COVERAGE_FLOOR + (1 - C.COVERAGE_FLOOR) * coverage * coverage) * priors[doc];
          if (!ruleset && (named || {})[rulesets[doc]]) score = score * C.NAMED_RULESET_FACTOR;
          else if (!ruleset && (rulesets[doc] !== "official" || anyNamed)) score = score * C.OTHER_RULESET_FACTOR;
          if (anyCited && cites[doc].some(function (c) { return has.call(cited, c); })) score = score * C.CITED_FACTOR;
          if (shown !== doc) score = score * C.EXAMPLE_FACTOR;
          if (!best.has(shown) || score > best.get(shown)) best.set(shown, score);
        });
        yieldToSubClauses(best, covered, totalWeight);
        best.forEach(function (score, doc) { ranked.push([doc, score]); });
        return ranked.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
      }
    };
  }

  // ---- refs.py and query.py ----------------------------------------------------------------------------
  var W = "\\p{L}\\p{N}_";  // Python's \w
  var WHOLE = /^\s*(CR|RM|TT|LEG|§)?\s*\.?\s*(§\s*)?(\d{1,2}(?:[-.]\d{1,2})*)\s*$/i;
  var IN_TEXT = new RegExp("(?<![" + W + "])(?:CR|RM)\\s?(\\d{1,2}(?:-\\d{1,2})*(?:/\\d{1,2})?)" +
    "((?:\\s*,\\s*\\d{1,2}(?:-\\d{1,2})+(?:/\\d{1,2})?)*)" +
    "|(?:(?<![" + W + "])TT\\s?§?|§)\\s?(\\d{1,2}(?:\\.\\d{1,2})*)" +
    "|(?<![" + W + "])LEG\\s?(\\d{1,2}(?:\\.\\d{1,2})*)", "gu");
  var BARE_DASH = new RegExp("(?<![" + W + "§.\\-])(\\d{1,2}(?:-\\d{1,2})+)(?:/(\\d{1,2}))?(?![" + W + "\\-])", "gu");
  var BARE_DOT = new RegExp("(?<![" + W + "§.\\-])(\\d{1,2}(?:\\.\\d{1,2})+)(?![" + W + ".])", "gu");
  var QA = new RegExp("(?<![" + W + "])(?:QA\\s*)?Q\\s?(\\d{1,5})(?![" + W + "])", "giu");
  var VERSION = new RegExp("(?<![" + W + ".])(?:v|ver\\.?\\s*|version\\s+)(\\d{1,2}\\.\\d{1,2})(?![" + W + ".])", "iu");
  var NAMED = {
    tamer_tactics: new RegExp("(?<![" + W + "§])(?:tt|tamer[\\s-]*tactics?|homebrew|casero|protected\\s+card|carta\\s+protegida|" +
      "gesch[uü]tzte\\s+karte|tamer\\s*\\+\\s*digi-?egg|pila\\s+de\\s+tamers?)(?![" + W + "])", "iu"),
    legacy: new RegExp("(?<![" + W + "§])(?:leg|legacy|legado|hyper[\\s-]*colosseum|colosseum|coliseo|digital\\s+monster|" +
      "디지털\\s*몬스터|하이퍼\\s*콜로세움)(?![" + W + "])", "iu")
  };
  var PREFIX = { official: "CR", tamer_tactics: "TT", legacy: "LEG" };
  var RULESET_OF_PREFIX = { CR: "official", RM: "official", TT: "tamer_tactics", LEG: "legacy" };
  var RULESETS = ["official", "tamer_tactics", "legacy"];

  function stripZeros(number) {
    var sep = number.indexOf("-") >= 0 ? "-" : ".";
    return number.split(sep).map(function (p) { return String(parseInt(p, 10)); }).join(sep);
  }
  function Ref(ruleset, number) {
    return { ruleset: ruleset, number: number,
             toString: function () { return ruleset === "tamer_tactics" ? "TT §" + number : PREFIX[ruleset] + " " + number; } };
  }
  function parseRef(text, defaultRuleset) {  // refs.try_parse
    var m = WHOLE.exec(text);
    if (!m) return null;
    var prefix = (m[1] || "").toUpperCase(), number = m[3], ruleset;
    if (prefix === "§" || m[2]) ruleset = (prefix === "" || prefix === "§" || prefix === "TT") ? "tamer_tactics" : RULESET_OF_PREFIX[prefix];
    else if (prefix) ruleset = RULESET_OF_PREFIX[prefix];
    else if (number.indexOf("-") >= 0) ruleset = "official";
    else ruleset = defaultRuleset || "official";
    number = ruleset === "official" ? number.replace(/\./g, "-") : number.replace(/-/g, ".");
    return Ref(ruleset, stripZeros(number));
  }
  function refParts(ref) { return ref.number.split(/[-.]/).map(Number); }
  function refParent(ref) {
    var sep = ref.ruleset === "official" ? "-" : ".", parts = ref.number.split(sep);
    return parts.length === 1 ? null : Ref(ref.ruleset, parts.slice(0, -1).join(sep));
  }
  function cleanQuery(text) {  // textclean.clean(text, 300)
    text = (text || "").normalize("NFKC").replace(/\p{C}/gu, " ").trim();
    var chars = Array.from(text);
    return chars.length > 300 ? chars.slice(0, 300).join("") : text;
  }
  function splitVersion(query) {
    var m = VERSION.exec(query || "");
    if (!m) return [null, query];
    return [m[1], (query.slice(0, m.index) + " " + query.slice(m.index + m[0].length)).trim()];
  }
  var FORMAT_NAME = new RegExp("(?<![" + W + "§])(?:tamer[\\s-]*tactics?|homebrew|casero|legacy|legado|hyper[\\s-]*colosseum|" +
    "colosseum|coliseo|digital\\s+monster|디지털\\s*몬스터|하이퍼\\s*콜로세움)(?![" + W + "])", "giu");
  function topicWords(words) {  // query.topic_words: without a ruleset's name, unless that is all there is
    var kept = matches(WORD, words.join(" ").replace(FORMAT_NAME, " "));
    return kept.length ? kept : words;
  }
  function namedRulesets(query) {
    var out = {};
    Object.keys(NAMED).forEach(function (r) { if (NAMED[r].test(query || "")) out[r] = true; });
    return out;
  }
  function parseQuery(query, ruleset) {
    var text = cleanQuery(query), found = [], spans = [], qa = [], m;
    var whole = text ? parseRef(text, ruleset) : null;
    if (whole && (!ruleset || whole.ruleset === ruleset)) return { refs: [whole], qa: [], words: [] };
    function inSpan(i) { return spans.some(function (s) { return s[0] <= i && i < s[1]; }); }
    IN_TEXT.lastIndex = 0;
    while ((m = IN_TEXT.exec(text))) {
      if (m[1] !== undefined) {
        [m[1]].concat(m[2] ? m[2].match(/\d{1,2}(?:-\d{1,2})+(?:\/\d{1,2})?/g) : []).forEach(function (num) {
          var slash = num.split("/"), head = stripZeros(slash[0]);
          found.push(Ref("official", head));
          if (slash.length > 1) found.push(Ref("official", stripZeros(slash[0].replace(/-\d{1,2}$/, "") + "-" + slash[1])));
        });
      } else if (m[3] !== undefined) {
        found.push(Ref("tamer_tactics", stripZeros(m[3])));
      } else {
        found.push(Ref("legacy", stripZeros(m[4])));
      }
      spans.push([m.index, m.index + m[0].length]);
    }
    BARE_DASH.lastIndex = 0;
    while ((m = BARE_DASH.exec(text))) {
      if (inSpan(m.index)) continue;
      found.push(parseRef(m[1]));
      if (m[2]) found.push(parseRef(m[1].replace(/-\d{1,2}$/, "") + "-" + m[2]));
      spans.push([m.index, m.index + m[0].length]);
    }
    BARE_DOT.lastIndex = 0;
    while ((m = BARE_DOT.exec(text))) {
      if (inSpan(m.index)) continue;
      found.push(parseRef(m[1], ruleset));
      spans.push([m.index, m.index + m[0].length]);
    }
    QA.lastIndex = 0;
    while ((m = QA.exec(text))) {
      if (!inSpan(m.index)) { qa.push("Q" + parseInt(m[1], 10)); spans.push([m.index, m.index + m[0].length]); }
    }
    var rest = "";
    for (var i = 0; i < text.length; i++) rest += inSpan(i) ? " " : text[i];
    var words = matches(WORD, rest).filter(function (w) { return ["RM", "CR", "TT", "LEG", "QA"].indexOf(w.toUpperCase()) < 0; });
    var seen = {}, refs = [];
    found.forEach(function (r) { if (!seen[String(r)]) { seen[String(r)] = true; refs.push(r); } });
    return { refs: refs, qa: qa, words: words };
  }

  // ---- suggest.py --------------------------------------------------------------------------------------
  function nearestRefs(ref, candidates, limit) {
    var parts = refParts(ref);
    function compare(x, y) {
      for (var i = 0; i < Math.max(x.length, y.length); i++) {
        if (i >= x.length) return -1;
        if (i >= y.length) return 1;
        var a = x[i], b = y[i];
        if (Array.isArray(a)) { var c = compare(a, b); if (c) return c; } else if (a !== b) return a < b ? -1 : 1;
      }
      return 0;
    }
    function distance(other) {
      var theirs = refParts(other), common = 0;
      for (var i = 0; i < Math.min(parts.length, theirs.length); i++) { if (parts[i] !== theirs[i]) break; common++; }
      var step = common < Math.min(parts.length, theirs.length) ? Math.abs(parts[common] - theirs[common]) : 0;
      return [-common, Math.abs(theirs.length - parts.length), step, [RULESETS.indexOf(other.ruleset), theirs]];
    }
    var same = candidates.filter(function (c) { return c.ruleset === ref.ruleset && String(c) !== String(ref); })
      .map(function (c) { return [distance(c), c]; })
      .sort(function (a, b) { return compare(a[0], b[0]); });
    var close = same.filter(function (x) { return x[0][0] < 0; });
    return (close.length ? close : same).slice(0, limit).map(function (x) { return x[1]; });
  }

  // ---- searcher.py -------------------------------------------------------------------------------------
  function create(index) {
    var meta = index.meta, C = meta.constants;
    var analyser = Analyser(meta), glossary = Glossary(meta.glossary, analyser), postings = Postings(index);
    var ranker = Ranker(index, analyser, glossary, postings);
    var refs = meta.doc_refs, kinds = meta.doc_kinds, rulesets = meta.doc_rulesets, cites = meta.doc_cites;
    var clauseDoc = {}, keywordDoc = {}, clauseRefs = [], groups = meta.doc_groups, examplesOf = {};
    refs.forEach(function (ref, doc) {
      if (kinds[doc] === "clause") { clauseDoc[ref] = doc; clauseRefs.push(parseRef(ref)); }
      if (kinds[doc] === "keyword") keywordDoc[ref] = doc;
      if (groups[doc] !== doc) (examplesOf[groups[doc]] = examplesOf[groups[doc]] || []).push(doc);
    });

    function languageScores(words) {
      var score = { es: 0.0, en: 0.0, de: 0.0 };
      words.forEach(function (word) {
        var folded = fold(word);
        LANGUAGES.forEach(function (lang) {
          if (analyser.isStopword(folded, lang)) score[lang] += 1.0;
          if (glossary.languagesOf(folded).indexOf(lang) >= 0) score[lang] += 1.5;
          var toks = analyser.terms(lang, word);
          if (toks.length && postings.df("body_" + lang, toks[0])) score[lang] += 0.5;
        });
      });
      return score;
    }
    function detectLanguage(words) {
      if (!words.length) return "en";
      if (words.some(function (w) { return HANGUL.test(w); })) return "ko";
      var score = languageScores(words), best = Math.max(score.es, score.en, score.de);
      return ["en", "es", "de"].filter(function (l) { return score[l] === best; })[0];
    }
    function queryLanguage(query) {  // the language a query is written in, or null
      var words = parseQuery(splitVersion(query || "")[1]).words;
      if (!words.length) return null;
      if (words.some(function (w) { return HANGUL.test(w); })) return "ko";
      var score = languageScores(words), best = Math.max(score.es, score.en, score.de);
      var tied = LANGUAGES.filter(function (l) { return score[l] === best; });
      return best <= 0 || tied.length > 1 ? null : tied[0];
    }
    function rulingsCitingWithin(ref) {  // the clause's own rulings first, then its sub-clauses', in clause order
      var own_ = String(ref), prefix = own_ + (ref.ruleset === "official" ? "-" : "."), rows = [];
      refs.forEach(function (rid, doc) {
        if (kinds[doc] !== "ruling") return;
        cites[doc].forEach(function (c) {
          if ((c === own_ || c.slice(0, prefix.length) === prefix) && has.call(clauseDoc, c)) rows.push([c !== own_ ? 1 : 0, clauseDoc[c], rid]);
        });
      });
      rows.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0); });
      var seen = {};
      return rows.map(function (r) { return r[2]; }).filter(function (r) { return seen[r] ? false : (seen[r] = true); });
    }

    // Results as {ref, kind, ruleset, match, doc}: the order the server gives (snippets are the page's work).
    function search(query, options) {
      options = options || {};
      var ruleset = options.ruleset || null, kind = options.kind || null, limit = options.limit || 10;
      var v = splitVersion(query), version = v[0];
      query = v[1];
      var parsed = parseQuery(query, ruleset);
      if (version && version !== meta.cr_version) {
        var map = own(meta.number_map, version);
        if (!map) return [];
        parsed.refs = parsed.refs.filter(function (r) { return r.ruleset === "official"; })
          .map(function (r) { var old = own(map, r.number); return old && old[0] ? Ref("official", old[0]) : null; })
          .filter(Boolean);
      }
      if (!parsed.refs.length && !parsed.qa.length && !parsed.words.length) return [];
      var lang = options.lang || detectLanguage(parsed.words), results = [], seen = {};
      function add(doc, match) {
        if (doc === undefined || has.call(seen, refs[doc])) return;
        if ((ruleset && rulesets[doc] !== ruleset) || (kind && kinds[doc] !== kind)) return;
        seen[refs[doc]] = true;
        results.push({ ref: refs[doc], kind: kinds[doc], ruleset: rulesets[doc], match: match, doc: doc, lang: lang,
                       examples: kinds[doc] === "clause" ? (examplesOf[doc] || []) : [] });
      }
      parsed.refs.forEach(function (ref) { add(own(clauseDoc, String(ref)), "ref"); });
      parsed.qa.forEach(function (number) {
        refs.forEach(function (rid, doc) { if (kinds[doc] === "ruling" && meta.doc_qa[doc].indexOf(number) >= 0) add(doc, "ref"); });
      });
      if (parsed.words.length) {
        var cited = {}, named = namedRulesets(query);
        parsed.refs.forEach(function (r) { cited[String(r)] = true; if (r.ruleset !== "official") named[r.ruleset] = true; });
        var hits = ranker.rank(topicWords(parsed.words), lang, ruleset, kind, named, cited).slice(0, 2 * limit + results.length);
        for (var i = 0; i < hits.length; i++) {
          add(hits[i][0], "text");
          if (results.length >= limit) break;
        }
      } else {
        parsed.refs.forEach(function (ref) {
          rulingsCitingWithin(ref).forEach(function (rid) { add(refs.indexOf(rid), "ref"); });
          var doc = own(clauseDoc, String(ref));
          if (doc !== undefined) {
            add(own(keywordDoc, String(ref)), "ref");
            clauseRefs.forEach(function (c) { var p = refParent(c); if (p && String(p) === String(ref)) add(clauseDoc[String(c)], "ref"); });
          } else {
            nearestRefs(ref, clauseRefs, 3).forEach(function (near) { add(clauseDoc[String(near)], "near"); });
          }
        });
        if (kind !== "ruling") {  // an example ruling is shown with its clause, when that is listed
          var listed = {};
          results.forEach(function (r) { if (r.kind === "clause") listed[r.doc] = true; });
          results = results.filter(function (r) { return r.kind !== "ruling" || groups[r.doc] === r.doc || !listed[groups[r.doc]]; });
        }
      }
      return results.slice(0, limit);
    }

    return {
      search: search,
      queryLanguage: queryLanguage,
      detectLanguage: detectLanguage,
      parseRef: parseRef,
      analyser: analyser,
      terms: function (lang, text) { return analyser.terms(lang, text); }
    };
  }

  var api = { create: create, fold: fold, stem: function (lang, word) { return STEMMERS[lang](word); }, parseRef: parseRef };
  root.JBSearch = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
