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
  // Static export: the search engine of static/search.js over the server's own index (search-index.js).
  var engine = null;
  function searchEngine() {
    if (!engine && body.dataset.static === "yes" && window.JB_INDEX && window.JBSearch) engine = JBSearch.create(window.JB_INDEX.rank);
    return engine;
  }
  // The language a query is written in, as the server tells it (static export only).
  function queryLang(q) { return searchEngine() ? searchEngine().queryLanguage(q) : null; }
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

  // ---- static export: client-side search over search-index.js, ranked as the server ranks ----
  if (!searchEngine()) return;
  var root = body.dataset.root || "";
  var shown = window.JB_INDEX.docs, rank = window.JB_INDEX.rank.meta;
  var byRef = {};
  rank.doc_refs.forEach(function (ref, doc) { if (rank.doc_kinds[doc] === "clause") byRef[ref] = shown[doc]; });
  function snippet(d, lang, q) {  // the sentence with most of the query's terms, as the server picks it
    var text = (d.b && (d.b[lang] || d.b.en)) || "", wanted = {}, best = "", bestN = 0;
    var sentences = text.split(/(?<=[.!?])\s+/);
    engine.terms(lang, q).forEach(function (t) { wanted[t] = true; });
    best = sentences[0] || "";
    sentences.forEach(function (s) {
      var n = 0, seen = {};
      engine.terms(lang, s).forEach(function (t) { if (wanted[t] && !seen[t]) { seen[t] = true; n++; } });
      if (n > bestN) { bestN = n; best = s; }
    });
    return best.length > 240 ? best.slice(0, 239) + "…" : best;
  }
  var guessed = null;  // the language of the query, when it chose the language of the results
  function render(q, ruleset) {
    var list = document.getElementById("results");
    if (!list) return;
    var lang = body.dataset.lang, results = engine.search(q, { ruleset: ruleset || null, lang: lang, limit: 20 });
    list.innerHTML = "";
    results.forEach(function (r) {
      var d = shown[r.doc];
      var li = document.createElement("li"); li.className = "result " + r.kind;
      var a = document.createElement("a"), href = root + d.u.replace(/^(\.\.\/)+/, "");
      a.className = "title"; a.href = guessed ? carry(href, guessed) : href;
      var title = (d.t && (d.t[lang] || d.t.en)) || "";
      a.innerHTML = '<span class="ref"></span> '; a.firstChild.textContent = r.ref; a.appendChild(document.createTextNode(title));
      var tags = document.createElement("span"); tags.className = "tags";
      var tag = document.createElement("span"); tag.className = "tag"; tag.textContent = say("kind." + r.kind, lang); tags.appendChild(tag);
      if (d.p) { var badge = document.createElement("span"); badge.className = "badge " + d.p; badge.textContent = say("status." + d.p, lang); tags.appendChild(badge); }
      var rs = document.createElement("span"); rs.className = "tag"; rs.textContent = say("ruleset." + r.ruleset, lang); tags.appendChild(rs);
      var p = document.createElement("p"); p.className = "snippet"; p.textContent = snippet(d, lang, q);
      li.appendChild(a); li.appendChild(tags); li.appendChild(p);
      (r.examples || []).forEach(function (doc) {  // a clause's example rulings are shown with it, not apart
        var e = shown[doc], line = document.createElement("p"), label = document.createElement("span"), link = document.createElement("a");
        line.className = "example"; label.className = "tag"; label.textContent = say("label.example", lang);
        var url = root + e.u.replace(/^(\.\.\/)+/, "");
        link.href = guessed ? carry(url, guessed) : url; link.textContent = (e.t && (e.t[lang] || e.t.en)) || "";
        line.appendChild(label); line.appendChild(document.createTextNode(" ")); line.appendChild(link); li.appendChild(line);
      });
      list.appendChild(li);
    });
    var empty = document.getElementById("no-results");
    if (!results.length && q) {
      if (!empty) { empty = document.createElement("p"); empty.id = "no-results"; empty.className = "empty"; list.after(empty); }
      empty.textContent = say("js.no_results", lang).replace("{query}", q);
    } else if (empty) { empty.remove(); }
  }
  var form = document.getElementById("search-form"), input = document.getElementById("q");
  function go(q) {
    var rs = document.getElementById("ruleset"), ref = JBSearch.parseRef((q || "").trim(), rs && rs.value ? rs.value : null);
    if (ref && byRef[String(ref)]) { location.href = root + byRef[String(ref)].u.replace(/^(\.\.\/)+/, ""); return; }
    if (!document.getElementById("results")) { location.href = root + "index.html?q=" + encodeURIComponent(q); return; }
    history.replaceState(null, "", "?q=" + encodeURIComponent(q));
    var asked = !stored() && queryLang(q);  // no switch remembered: answer in the query's language
    if (asked && LANGS.indexOf(asked) >= 0 && asked !== body.dataset.lang) show(asked);
    guessed = asked || (!stored() && carried) || null;  // the results' links carry it on
    render(q, rs ? rs.value : "");
  }
  form.addEventListener("submit", function (ev) { ev.preventDefault(); go(input.value); });
  var rs = document.getElementById("ruleset");
  if (rs) rs.addEventListener("change", function (ev) { ev.stopPropagation(); render(input.value, rs.value); });
  if (params.get("q")) { input.value = params.get("q"); go(params.get("q")); }
})();
