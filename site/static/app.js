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
  docs.forEach(function (d) { if (d.k === "clause") byRef[d.r] = d; d._w = {}; });
  var synonyms = {};
  window.JB_INDEX.glossary.forEach(function (group) {
    var ws = []; group.forEach(function (t) { ws = ws.concat(words(t)); });
    ws.forEach(function (w) { synonyms[w] = (synonyms[w] || []).concat(ws); });
  });
  function docWords(d) {
    if (!d._all) {
      var text = [];
      Object.keys(d.t || {}).forEach(function (l) { text.push(d.t[l] || "", d.t[l] || ""); });
      Object.keys(d.b || {}).forEach(function (l) { text.push(d.b[l] || ""); });
      d._all = words(text.join(" "));
    }
    return d._all;
  }
  function search(q, ruleset) {
    var terms = words(q).filter(function (w) { return w.length > 1; });
    if (!terms.length) return [];
    var scored = [];
    docs.forEach(function (d) {
      if (ruleset && d.s !== ruleset) return;
      var ws = docWords(d), score = 0, hit = 0;
      terms.forEach(function (t) {
        var alts = [t].concat(synonyms[t] || []), best = 0;
        alts.forEach(function (a, i) {
          var stem = a.length > 5 ? a.slice(0, a.length - 2) : a, n = 0;
          ws.forEach(function (w) { if (w === a) n += 2; else if (w.indexOf(stem) === 0) n += 1; });
          var s = n ? (i === 0 ? 1 : 0.6) * Math.log(1 + n) : 0;
          if (s > best) best = s;
        });
        if (best) hit++;
        score += best;
      });
      if (score) scored.push([score * (hit / terms.length) * (d.k === "ruling" ? 1.25 : 1), d]);
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
    var lang = body.dataset.lang, results = search(q, ruleset);
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
