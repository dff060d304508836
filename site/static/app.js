// judgebase: remember the language, switch it without a reload, and (static export) search offline.
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
  function show(lang) {
    body.dataset.lang = lang;
    document.documentElement.lang = lang;
    var blocks = document.querySelectorAll("[data-lang]");
    var present = {};
    blocks.forEach(function (el) { if (el !== body) present[el.dataset.lang] = true; });
    var target = present[lang] ? lang : (present.en ? "en" : lang);
    blocks.forEach(function (el) { if (el !== body) el.hidden = el.dataset.lang !== target; });
    document.querySelectorAll(".lang-field").forEach(function (f) { f.value = lang; });
    document.querySelectorAll(".langs .lang-switch").forEach(function (a) { a.classList.toggle("on", a.dataset.setLang === lang); });
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("[data-set-lang]");
    if (!a) return;
    ev.preventDefault();
    remember(a.dataset.setLang);
    show(a.dataset.setLang);
    if (body.dataset.static !== "yes" && document.getElementById("results")) {
      var url = new URL(location.href); url.searchParams.set("lang", a.dataset.setLang); location.href = url.toString();
    }
  });
  var filter = document.getElementById("ruleset");
  if (filter && body.dataset.static !== "yes") filter.addEventListener("change", function () { filter.form.submit(); });
  var params = new URLSearchParams(location.search);
  var initial = params.get("lang") || stored() || body.dataset.lang;
  if (params.get("lang")) remember(params.get("lang"));
  if (LANGS.indexOf(initial) >= 0 && body.dataset.static === "yes") show(initial);

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
    var weightSum = 0;
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
      scored.push([score, d]);
    });
    scored.sort(function (a, b) { return b[0] - a[0]; });
    return scored.slice(0, 20).map(function (x) { return x[1]; });
  }
  function snippet(d, lang, q) {
    var text = (d.b && (d.b[lang] || d.b.en)) || "";
    var ws = words(q), sentences = text.split(/(?<=[.!?])\s+/), best = sentences[0] || "", bestN = 0;
    sentences.forEach(function (s) { var f = fold(s), n = 0; ws.forEach(function (w) { if (f.indexOf(w) >= 0) n++; }); if (n > bestN) { bestN = n; best = s; } });
    return best.length > 240 ? best.slice(0, 239) + "…" : best;
  }
  function render(q, ruleset) {
    var list = document.getElementById("results");
    if (!list) return;
    var lang = body.dataset.lang, results = search(q, ruleset, lang);
    list.innerHTML = "";
    results.forEach(function (d) {
      var li = document.createElement("li"); li.className = "result " + d.k;
      var a = document.createElement("a"); a.className = "title"; a.href = root + d.u.replace(/^(\.\.\/)+/, "");
      var title = (d.t && (d.t[lang] || d.t.en)) || "";
      a.innerHTML = '<span class="ref"></span> '; a.firstChild.textContent = d.r; a.appendChild(document.createTextNode(title));
      var tags = document.createElement("span"); tags.className = "tags";
      tags.innerHTML = '<span class="tag">' + d.k + "</span>" + (d.p ? '<span class="badge ' + d.p + '">' + d.p + "</span>" : "");
      var p = document.createElement("p"); p.className = "snippet"; p.textContent = snippet(d, lang, q);
      li.appendChild(a); li.appendChild(tags); li.appendChild(p); list.appendChild(li);
    });
    var empty = document.getElementById("no-results");
    if (!results.length && q) {
      if (!empty) { empty = document.createElement("p"); empty.id = "no-results"; empty.className = "empty"; list.after(empty); }
      empty.textContent = "No results for “" + q + "”.";
    } else if (empty) { empty.remove(); }
  }
  var form = document.getElementById("search-form"), input = document.getElementById("q");
  function go(q) {
    var ref = asRef(q);
    if (ref && byRef[ref]) { location.href = root + byRef[ref].u.replace(/^(\.\.\/)+/, ""); return; }
    if (!document.getElementById("results")) { location.href = root + "index.html?q=" + encodeURIComponent(q) + "&lang=" + body.dataset.lang; return; }
    history.replaceState(null, "", "?q=" + encodeURIComponent(q) + "&lang=" + body.dataset.lang);
    var rs = document.getElementById("ruleset");
    render(q, rs ? rs.value : "");
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); go(input.value); });
  var rs = document.getElementById("ruleset");
  if (rs) rs.addEventListener("change", function (ev) { ev.stopPropagation(); render(input.value, rs.value); });
  if (params.get("q")) { input.value = params.get("q"); go(params.get("q")); }
})();
