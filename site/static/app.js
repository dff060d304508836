// judgebase: remember the language, switch it (without a reload in the static export), and search offline there.
// Server pages are rendered in one language: a switch reloads the page in the new one (the server remembers it
// in the jb_lang cookie). Static pages hold every text in es, en and de (data-lang spans, data-i18n words).
(function () {
  "use strict";
  var body = document.body;
  var LANGS = ["es", "en", "de"];

  function stored() {
    try { return localStorage.getItem("jb_lang"); } catch (e) { return null; }
  }
  function remember(lang) {
    try { localStorage.setItem("jb_lang", lang); } catch (e) {}
    document.cookie = "jb_lang=" + lang + "; path=/; max-age=31536000; SameSite=Lax";
  }
  function say(key, lang) {  // a word of the interface (static export: static/words.js)
    var w = (window.JB_WORDS || {})[key];
    return w ? (w[lang] || w.en) : key;
  }
  function show(lang) {
    body.dataset.lang = lang;
    document.documentElement.lang = lang;
    // Texts given per language sit side by side under one parent; each group shows the asked
    // language, or English where the group has no text in it.
    var blocks = document.querySelectorAll("[data-lang]"), groups = [], present = [];
    blocks.forEach(function (el) {
      if (el === body) return;
      var i = groups.indexOf(el.parentNode);
      if (i < 0) { groups.push(el.parentNode); present.push({}); i = groups.length - 1; }
      present[i][el.dataset.lang] = true;
    });
    blocks.forEach(function (el) {
      if (el === body) return;
      var have = present[groups.indexOf(el.parentNode)];
      var target = have[lang] ? lang : (have.en ? "en" : Object.keys(have)[0]);
      el.hidden = el.dataset.lang !== target;
    });
    document.querySelectorAll("[data-i18n]").forEach(function (el) {
      var w = JSON.parse(el.dataset.i18n), text = w[lang] || w.en;
      if (el.dataset.i18nAttr) el.setAttribute(el.dataset.i18nAttr, text); else el.textContent = text;
    });
    if (body.dataset.titles) {
      var titles = JSON.parse(body.dataset.titles);
      document.title = (titles[lang] || titles.en) + " · judgebase";
    }
    document.querySelectorAll(".langs .lang-switch").forEach(function (a) { a.classList.toggle("on", a.dataset.setLang === lang); });
  }
  // The language a query is written in, from its small words (static export; the server asks its index).
  var SMALL = {
    es: "el la los las de del que y en un una por con para como cuando puedo puede mi mis su se no es al lo si hay cual donde",
    en: "the a an of and is are in to with can could my when how what does do if on it its which who after before",
    de: "der die das den dem des und ist sind ein eine einen mit beim bei im zu wie wann kann ich mein meine nicht auf was wer welche"
  };
  function queryLang(q) {
    var score = {}, best = null, top = 0, tie = false;
    (q || "").toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z\u00df]+/).forEach(function (w) {
      LANGS.forEach(function (l) { if (w && (" " + SMALL[l] + " ").indexOf(" " + w + " ") >= 0) score[l] = (score[l] || 0) + 1; });
    });
    LANGS.forEach(function (l) {
      var s = score[l] || 0;
      if (s > top) { top = s; best = l; tie = false; } else if (s && s === top) { tie = true; }
    });
    return tie ? null : best;
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("[data-set-lang]");
    if (!a) return;
    ev.preventDefault();
    remember(a.dataset.setLang);
    show(a.dataset.setLang);
    if (body.dataset.static !== "yes") {  // the server renders every word of the page in the new language
      var url = new URL(location.href); url.searchParams.set("lang", a.dataset.setLang); location.href = url.toString();
    }
  });
  var filter = document.getElementById("ruleset");
  if (filter && body.dataset.static !== "yes") filter.addEventListener("change", function () { filter.form.submit(); });
  var params = new URLSearchParams(location.search);
  if (params.get("lang")) remember(params.get("lang"));
  // The language of the query that led here (?query_lang=, put on the links of a results page that
  // answered in the query's language): it holds along the links that follow, and is never remembered.
  var carried = LANGS.indexOf(params.get("query_lang")) >= 0 ? params.get("query_lang") : null;
  // The static pages' language: the judge's switch (remembered), the query's language, the export's --lang.
  var initial = params.get("lang") || stored() || (params.get("q") && queryLang(params.get("q"))) || carried || body.dataset.lang;
  if (LANGS.indexOf(initial) >= 0 && body.dataset.static === "yes") show(initial);
  function carry(href, lang) {  // a page of the export, with ?query_lang=lang (before any #anchor)
    var hash = href.indexOf("#"), path = hash < 0 ? href : href.slice(0, hash);
    return path + "?query_lang=" + lang + (hash < 0 ? "" : href.slice(hash));
  }
  if (body.dataset.static === "yes" && carried && initial === carried && !stored()) {
    document.querySelectorAll("a[href]").forEach(function (a) {
      var href = a.getAttribute("href");
      if (/^[a-z][a-z0-9+.-]*:|^[#?]/i.test(href) || !/\.html(#|$)/.test(href)) return;  // not a page of the export
      a.setAttribute("href", carry(href, carried));
    });
  }

  // ---- static export: client-side search over search-index.js ----
  if (body.dataset.static !== "yes" || !window.JB_INDEX) return;
  var root = body.dataset.root || "";
  function fold(s) { return (s || "").toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss"); }
  function words(s) { return fold(s).match(/[\p{L}\p{N}]+/gu) || []; }
  var REF = /^\s*(?:(CR|RM)\s*)?(\d{1,2}(?:[-.]\d{1,2})*)\s*$|^\s*(?:TT\s*)?§\s*(\d{1,2}(?:\.\d{1,2})*)\s*$|^\s*TT\s+(\d{1,2}(?:\.\d{1,2})*)\s*$|^\s*LEG\s*(\d{1,2}(?:[.-]\d{1,2})*)\s*$/i;
  function asRef(q) {
    var m = REF.exec(q);
    if (!m) return null;
    if (m[2]) return "CR " + m[2].replace(/\./g, "-").split("-").map(Number).join("-");
    if (m[3] || m[4]) return "TT §" + (m[3] || m[4]).split(".").map(Number).join(".");
    if (m[5]) return "LEG " + m[5].replace(/-/g, ".").split(".").map(Number).join(".");
    return null;
  }
  var docs = window.JB_INDEX.docs;
  var byRef = {};
  docs.forEach(function (d) { if (d.k === "clause") byRef[d.r] = d; });
  // A light stemmer: accents folded, common endings of es/en/de words cut, so that
  // "digivolucionar" meets "digivolución" and "Sicherheitskarten" meets "Sicherheit".
  var ENDINGS = ["aciones", "amiento", "imiento", "aciones", "ungen", "acion", "ation", "mente", "iendo", "ando", "heit", "keit",
                 "ados", "idas", "ados", "ing", "ung", "ado", "ida", "ion", "ar", "er", "ir", "es", "en", "ed", "as", "os", "ly",
                 "e", "a", "o", "s", "n"];
  function stem(w) {
    if (w.length <= 4) return w;
    for (var i = 0; i < ENDINGS.length; i++) {
      var e = ENDINGS[i];
      if (w.length - e.length >= 4 && w.slice(-e.length) === e) return w.slice(0, -e.length);
    }
    return w;
  }
  var QUESTION = {};
  ("como cuando cuanto cuanta cuantos cuantas quien que cual donde puedo puede pasa hay vez veces how many much what when who " +
   "which where why can could may does do did happens happen must should times time wie viele oft wann wer was welche wo warum " +
   "kann darf muss passiert mal ich my mi mein meine the el la los las de del der die das den und y and a an to en im in").split(" ")
    .forEach(function (w) { QUESTION[w] = true; });
  var synonyms = {};
  window.JB_INDEX.glossary.forEach(function (group) {
    var ws = [];
    group.forEach(function (t) { words(t).forEach(function (w) { ws.push(stem(w)); }); });
    ws.forEach(function (w) { synonyms[w] = (synonyms[w] || []).concat(ws); });
  });
  var df = null, N = docs.length;
  function prepare() {
    if (df) return;
    df = {};
    docs.forEach(function (d) {
      d._t = {}; d._b = {};
      var seen = {};
      Object.keys(d.t || {}).forEach(function (l) { d._t[l] = words(d.t[l]).map(stem); d._t[l].forEach(function (w) { seen[w] = 1; }); });
      Object.keys(d.b || {}).forEach(function (l) { d._b[l] = words(d.b[l]).map(stem); d._b[l].forEach(function (w) { seen[w] = 1; }); });
      Object.keys(seen).forEach(function (w) { df[w] = (df[w] || 0) + 1; });
    });
  }
  function idf(w) { return Math.log(1 + N / (1 + (df[w] || 0))); }
  function count(list, w) { var n = 0; if (list) for (var i = 0; i < list.length; i++) if (list[i] === w) n++; return n; }
  function search(q, ruleset, lang) {
    prepare();
    lang = lang || body.dataset.lang || "en";
    var terms = words(q).filter(function (w) { return w.length > 1; }).map(function (w) { return [stem(w), QUESTION[w] ? 0.3 : 1]; });
    if (!terms.length) return [];
    var weightSum = 0, named = {
      tamer_tactics: /(^|[^\w§])(tt|tamer[\s-]*tactics?|homebrew|casero)(?!\w)/i.test(q),
      legacy: /(^|[^\w§])(leg|legacy|legado|hyper[\s-]*colosseum|colosseum|coliseo)(?!\w)/i.test(q)
    };
    terms.forEach(function (t) { t.push(idf(t[0]) * t[1]); weightSum += t[2]; });
    var scored = [];
    docs.forEach(function (d) {
      if (ruleset && d.s !== ruleset) return;
      var score = 0, covered = 0;
      terms.forEach(function (t) {
        var alts = [[t[0], 1]].concat((synonyms[t[0]] || []).map(function (a) { return [a, 0.6]; })), best = 0;
        alts.forEach(function (alt) {
          var w = alt[0], own = count(d._b[lang], w) + 2 * count(d._t[lang], w), other = 0;
          Object.keys(d._b).forEach(function (l) { if (l !== lang) other += count(d._b[l], w); });
          var tf = own || other * 0.35;
          var s = tf ? alt[1] * idf(w) * (1 + Math.log(tf)) : 0;
          if (s > best) best = s;
        });
        if (best) covered += t[2];
        score += best * t[1];
      });
      if (!score) return;
      var coverage = weightSum ? covered / weightSum : 0;
      score *= (0.35 + 0.65 * coverage * coverage) * (d.k === "ruling" ? 1.25 : 1);
      // As the server does: the official rules first unless the query names another ruleset.
      if (!ruleset && d.s !== "official") score *= named[d.s] ? 1.5 : 0.7;
      scored.push([score, d]);
    });
    scored.sort(function (a, b) { return b[0] - a[0]; });
    var seenRef = {}, out = [];  // one result per thing: a keyword and its clause share a ref
    scored.forEach(function (x) { if (!seenRef[x[1].r] && out.length < 20) { seenRef[x[1].r] = 1; out.push(x[1]); } });
    return out;
  }
  function snippet(d, lang, q) {
    var text = (d.b && (d.b[lang] || d.b.en)) || "";
    var ws = words(q), sentences = text.split(/(?<=[.!?])\s+/), best = sentences[0] || "", bestN = 0;
    sentences.forEach(function (s) { var f = fold(s), n = 0; ws.forEach(function (w) { if (f.indexOf(w) >= 0) n++; }); if (n > bestN) { bestN = n; best = s; } });
    return best.length > 240 ? best.slice(0, 239) + "…" : best;
  }
  var guessed = null;  // the language of the query, when it chose the language of the results
  function render(q, ruleset) {
    var list = document.getElementById("results");
    if (!list) return;
    var lang = body.dataset.lang, results = search(q, ruleset, lang);
    list.innerHTML = "";
    results.forEach(function (d) {
      var li = document.createElement("li"); li.className = "result " + d.k;
      var a = document.createElement("a"), href = root + d.u.replace(/^(\.\.\/)+/, "");
      a.className = "title"; a.href = guessed ? carry(href, guessed) : href;
      var title = (d.t && (d.t[lang] || d.t.en)) || "";
      a.innerHTML = '<span class="ref"></span> '; a.firstChild.textContent = d.r; a.appendChild(document.createTextNode(title));
      var tags = document.createElement("span"); tags.className = "tags";
      var tag = document.createElement("span"); tag.className = "tag"; tag.textContent = say("kind." + d.k, lang); tags.appendChild(tag);
      if (d.p) { var badge = document.createElement("span"); badge.className = "badge " + d.p; badge.textContent = say("status." + d.p, lang); tags.appendChild(badge); }
      var rs = document.createElement("span"); rs.className = "tag"; rs.textContent = say("ruleset." + d.s, lang); tags.appendChild(rs);
      var p = document.createElement("p"); p.className = "snippet"; p.textContent = snippet(d, lang, q);
      li.appendChild(a); li.appendChild(tags); li.appendChild(p); list.appendChild(li);
    });
    var empty = document.getElementById("no-results");
    if (!results.length && q) {
      if (!empty) { empty = document.createElement("p"); empty.id = "no-results"; empty.className = "empty"; list.after(empty); }
      empty.textContent = say("js.no_results", lang).replace("{query}", q);
    } else if (empty) { empty.remove(); }
  }
  var form = document.getElementById("search-form"), input = document.getElementById("q");
  function go(q) {
    var ref = asRef(q);
    if (ref && byRef[ref]) { location.href = root + byRef[ref].u.replace(/^(\.\.\/)+/, ""); return; }
    if (!document.getElementById("results")) { location.href = root + "index.html?q=" + encodeURIComponent(q); return; }
    history.replaceState(null, "", "?q=" + encodeURIComponent(q));
    var asked = !stored() && queryLang(q);  // no switch remembered: answer in the query's language
    if (asked && asked !== body.dataset.lang) show(asked);
    guessed = asked || (!stored() && carried) || null;  // the results' links carry it on
    var rs = document.getElementById("ruleset");
    render(q, rs ? rs.value : "");
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); go(input.value); });
  var rs = document.getElementById("ruleset");
  if (rs) rs.addEventListener("change", function (ev) { ev.stopPropagation(); render(input.value, rs.value); });
  if (params.get("q")) { input.value = params.get("q"); go(params.get("q")); }
})();
