// Recall@5 of the static export's offline search (site/static/app.js) on tests/queries.yaml.
//   node bench/static_search.js EXPORT_DIR QUERIES_JSON
// bench/search.py runs this when node is installed; it prints one number.
const fs = require("fs");
const [dir, queriesPath] = process.argv.slice(2);
global.window = {};
eval(fs.readFileSync(`${dir}/search-index.js`, "utf8"));
const app = fs.readFileSync(`${__dirname}/../site/static/app.js`, "utf8");
const code = app.slice(app.indexOf("function fold"), app.indexOf("function snippet"));
const search = new Function("window", "body", code + "; return search;")(window, { dataset: { lang: "en" } });
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
let sum = 0;
for (const q of queries) {
  const top = search(q.q, "", q.lang).slice(0, 5).map((d) => d.r);
  // An answer given as a list lives in more than one place: any of its refs counts (as in quality.py).
  const answers = q.expect.map((e) => (Array.isArray(e) ? e : [e]));
  sum += answers.filter((a) => a.some((e) => top.includes(e))).length / answers.length;
}
console.log((sum / queries.length).toFixed(3));
