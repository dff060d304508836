// The static export's offline search (site/static/search.js), run in node on a list of queries.
//   node bench/static_search.js INDEX QUERIES_JSON
// INDEX is an export folder (its search-index.js) or a JSON file of judgebase.search.index.export_json;
// QUERIES_JSON a JSON list of query strings. Prints a JSON list: for each query, the refs of its
// first ten results, the language guessed from the query as the server guesses it.
// bench/search.py and tests/test_search_parity.py compare these lists with the server's.
const fs = require("fs");
const path = require("path");
const JBSearch = require(path.join(__dirname, "..", "site", "static", "search.js"));

const [indexPath, queriesPath] = process.argv.slice(2);
let rank;
if (fs.statSync(indexPath).isDirectory()) {
  const window = {};
  new Function("window", fs.readFileSync(path.join(indexPath, "search-index.js"), "utf8"))(window);
  rank = window.JB_INDEX.rank;
} else {
  rank = JSON.parse(fs.readFileSync(indexPath, "utf8"));
}
const engine = JBSearch.create(rank);
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
console.log(JSON.stringify(queries.map((q) => engine.search(q, { limit: 10 }).map((r) => r.ref))));
