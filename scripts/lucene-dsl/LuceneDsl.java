import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.AnalyzerWrapper;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.RegexpQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.QueryBuilder;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;

/**
 * The OpenSearch / Elasticsearch leg of mdq's parity law, on Lucene 8.7 (the engine both
 * are built on). One case per input line:
 *
 *   {"mapping": <indexMapping(schema)>, "records": [...], "queries": [<toQueryDsl(...).query>, ...]}
 *
 * and one output line per case: {"answers": [[ids of the records each query matches], ...]}.
 *
 * It indexes the records as the mapping says OpenSearch would (text: the standard analyzer,
 * 100 positions between values; keyword: the whole value as one term, lower-cased by the
 * `lowercase` normalizer; double and date: points, dates read in the mapping's formats,
 * malformed values left out as `ignore_malformed` does; multi-fields and copy_to), and
 * turns each DSL clause into the Lucene query OpenSearch builds for it (bool with
 * match_all added to a bool of only must_not, match_phrase through Lucene's QueryBuilder
 * with the field's analyzer, term/terms/wildcard/prefix normalized on keyword fields,
 * regexp with all flags, fuzzy with its expansions, ranges as point or term ranges, exists
 * on the fields holding a value). Plain Java and the Lucene jars: the JSON reader and
 * writer are the small classes below.
 */
public final class LuceneDsl {
  private LuceneDsl() {}

  static final String ID = "_mdq_id";
  static final String FIELD_NAMES = "_field_names";
  static final Analyzer STANDARD = new StandardAnalyzer();

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().isEmpty()) continue;
      @SuppressWarnings("unchecked")
      Map<String, Object> c = (Map<String, Object>) new Json(line).value();
      out.print(answer(c));
      out.print("\n");
    }
    out.flush();
  }

  // ------------------------------------------------------------------ the mapping

  /** One index field: its type and options, as the mapping names them. */
  static final class FieldType {
    final String type;
    final boolean lowercase;
    final boolean indexed;
    final String[] formats;
    final int gap;

    FieldType(Map<String, Object> def) {
      type = (String) def.get("type");
      lowercase = def.get("normalizer") != null;
      indexed = !Boolean.FALSE.equals(def.get("index"));
      Object format = def.get("format");
      formats = format == null ? new String[] {"strict_date_optional_time"} : ((String) format).split("\\|\\|");
      Object g = def.get("position_increment_gap");
      gap = g == null ? 100 : ((Num) g).intValue();
    }
  }

  static final class Mapping {
    final Map<String, FieldType> types = new HashMap<>();
    /** Top-level property -> the index fields its values go to (itself, its sub-fields, its copy_to targets). */
    final Map<String, List<String>> targets = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    Mapping(Map<String, Object> mapping) {
      Map<String, Object> props = (Map<String, Object>) ((Map<String, Object>) mapping.get("mappings")).get("properties");
      for (Map.Entry<String, Object> e : props.entrySet()) {
        Map<String, Object> def = (Map<String, Object>) e.getValue();
        types.put(e.getKey(), new FieldType(def));
        List<String> to = new ArrayList<>();
        to.add(e.getKey());
        Map<String, Object> subs = (Map<String, Object>) def.get("fields");
        if (subs != null)
          for (Map.Entry<String, Object> s : subs.entrySet()) {
            String name = e.getKey() + "." + s.getKey();
            types.put(name, new FieldType((Map<String, Object>) s.getValue()));
            to.add(name);
          }
        Object copy = def.get("copy_to");
        if (copy != null) for (Object t : (List<Object>) copy) to.add((String) t);
        targets.put(e.getKey(), to);
      }
    }

    FieldType type(String field) {
      FieldType t = types.get(field);
      if (t == null) throw new IllegalArgumentException("no field " + field + " in the mapping");
      return t;
    }
  }

  /** The text analyzer with OpenSearch's gap between the values of a field. */
  static Analyzer analyzerOf(Mapping mapping) {
    return new AnalyzerWrapper(Analyzer.PER_FIELD_REUSE_STRATEGY) {
      @Override
      protected Analyzer getWrappedAnalyzer(String fieldName) {
        return STANDARD;
      }

      @Override
      public int getPositionIncrementGap(String fieldName) {
        FieldType t = mapping.types.get(fieldName);
        return t == null ? 0 : t.gap;
      }
    };
  }

  /** What the lowercase token filter does: each code point by Character.toLowerCase. */
  static String lower(String s) {
    StringBuilder b = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> b.appendCodePoint(Character.toLowerCase(cp)));
    return b.toString();
  }

  /** A JSON leaf as the text OpenSearch reads from it (numbers as written, booleans as true/false). */
  static String textOf(Object v) {
    if (v instanceof String) return (String) v;
    if (v instanceof Num) return ((Num) v).text;
    if (v instanceof Boolean) return v.toString();
    return null;
  }

  static void leaves(Object v, List<Object> out) {
    if (v == null) return;
    if (v instanceof List) for (Object x : (List<?>) v) leaves(x, out);
    else out.add(v);
  }

  /** A date in the field's formats, as epoch milliseconds (UTC); null when malformed. */
  static Long date(Object v, String[] formats) {
    if (v instanceof Num) return (long) ((Num) v).doubleValue();
    if (!(v instanceof String)) return null;
    String s = (String) v;
    for (String f : formats) {
      try {
        if (f.equals("strict_date_optional_time")) {
          if (s.matches("\\d{4}-\\d{2}-\\d{2}")) return LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
          if (s.matches(".*(Z|[+-]\\d{2}:\\d{2})")) return OffsetDateTime.parse(s).toInstant().toEpochMilli();
          return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        TemporalAccessor t = DateTimeFormatter.ofPattern(f, Locale.ROOT).parse(s);
        int year = t.isSupported(ChronoField.YEAR) ? t.get(ChronoField.YEAR) : t.isSupported(ChronoField.YEAR_OF_ERA) ? t.get(ChronoField.YEAR_OF_ERA) : 1970;
        int month = t.isSupported(ChronoField.MONTH_OF_YEAR) ? t.get(ChronoField.MONTH_OF_YEAR) : 1;
        int day = t.isSupported(ChronoField.DAY_OF_MONTH) ? t.get(ChronoField.DAY_OF_MONTH) : 1;
        LocalTime time = t.isSupported(ChronoField.HOUR_OF_DAY)
            ? LocalTime.of(t.get(ChronoField.HOUR_OF_DAY), t.isSupported(ChronoField.MINUTE_OF_HOUR) ? t.get(ChronoField.MINUTE_OF_HOUR) : 0,
                t.isSupported(ChronoField.SECOND_OF_MINUTE) ? t.get(ChronoField.SECOND_OF_MINUTE) : 0)
            : LocalTime.MIDNIGHT;
        return LocalDate.of(year, month, day).atTime(time).toInstant(ZoneOffset.UTC).toEpochMilli();
      } catch (java.time.DateTimeException e) {
        // The next format, or malformed.
      }
    }
    return null;
  }

  /** Adds one value to one index field, as its type indexes it; false when the value is malformed there. */
  static void index(Document doc, String field, FieldType t, Object v) {
    String text = textOf(v);
    boolean added = false;
    switch (t.type) {
      case "text":
        if (text != null) {
          doc.add(new TextField(field, text, Field.Store.NO));
          added = true;
        }
        break;
      case "keyword":
        if (text != null && t.indexed) {
          doc.add(new StringField(field, t.lowercase ? lower(text) : text, Field.Store.NO));
          added = true;
        }
        break;
      case "double":
        try {
          // An empty string is no value; other strings are coerced as Double.parseDouble reads them.
          if (v instanceof Num || (v instanceof String && !((String) v).isEmpty())) {
            doc.add(new DoublePoint(field, v instanceof Num ? ((Num) v).doubleValue() : Double.parseDouble((String) v)));
            added = true;
          }
        } catch (NumberFormatException e) {
          // ignore_malformed
        }
        break;
      case "date":
        if (!"".equals(v)) {
          Long millis = date(v, t.formats);
          if (millis != null) {
            doc.add(new LongPoint(field, millis));
            added = true;
          }
        }
        break;
      default:
        throw new IllegalArgumentException("no such field type " + t.type);
    }
    if (added) doc.add(new StringField(FIELD_NAMES, field, Field.Store.NO));
  }

  // ------------------------------------------------------------------ the queries

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  /** The one field and its body of a `{ kind: { field: body } }` clause. */
  static Map.Entry<String, Object> only(Object o) {
    return map(o).entrySet().iterator().next();
  }

  static String str(Map<String, Object> body, String key) {
    Object v = body.get(key);
    return v instanceof Num ? ((Num) v).text : (String) v;
  }

  static Query query(Object dsl, Mapping mapping, Analyzer analyzer) {
    Map.Entry<String, Object> clause = only(dsl);
    String kind = clause.getKey();
    switch (kind) {
      case "match_all":
        return new MatchAllDocsQuery();
      case "match_none":
        return new MatchNoDocsQuery();
      case "bool": {
        Map<String, Object> b = map(clause.getValue());
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        boolean positive = false;
        for (String occur : new String[] {"must", "filter", "should", "must_not"}) {
          Object list = b.get(occur);
          if (list == null) continue;
          BooleanClause.Occur o = occur.equals("must") ? BooleanClause.Occur.MUST
              : occur.equals("filter") ? BooleanClause.Occur.FILTER
              : occur.equals("should") ? BooleanClause.Occur.SHOULD : BooleanClause.Occur.MUST_NOT;
          for (Object sub : (List<Object>) list) {
            q.add(query(sub, mapping, analyzer), o);
            if (o != BooleanClause.Occur.MUST_NOT) positive = true;
          }
        }
        if (b.get("minimum_should_match") != null) q.setMinimumNumberShouldMatch(((Num) b.get("minimum_should_match")).intValue());
        // OpenSearch's bool of only negative clauses matches every other document.
        if (!positive) q.add(new MatchAllDocsQuery(), BooleanClause.Occur.MUST);
        return q.build();
      }
      case "exists":
        return new TermQuery(new Term(FIELD_NAMES, (String) map(clause.getValue()).get("field")));
      default:
        break;
    }
    Map.Entry<String, Object> inner = only(clause.getValue());
    String field = inner.getKey();
    FieldType t = mapping.type(field);
    Object bodyOrList = inner.getValue();
    switch (kind) {
      case "terms": {
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        for (Object v : (List<Object>) bodyOrList) q.add(term(field, t, v), BooleanClause.Occur.SHOULD);
        return q.build();
      }
      case "term":
        return term(field, t, map(bodyOrList).get("value"));
      case "match_phrase": {
        Map<String, Object> body = map(bodyOrList);
        String text = str(body, "query");
        int slop = ((Num) body.get("slop")).intValue();
        if (!t.type.equals("text")) return term(field, t, text);
        Query q = new QueryBuilder(analyzer).createPhraseQuery(field, text, slop);
        return q == null ? new MatchNoDocsQuery() : q;
      }
      case "wildcard":
        return new WildcardQuery(new Term(field, normalized(t, str(map(bodyOrList), "value"))));
      case "prefix":
        return new PrefixQuery(new Term(field, normalized(t, str(map(bodyOrList), "value"))));
      case "regexp":
        return new RegexpQuery(new Term(field, str(map(bodyOrList), "value")), RegExp.ALL, Operations.DEFAULT_MAX_DETERMINIZED_STATES);
      case "fuzzy": {
        Map<String, Object> body = map(bodyOrList);
        return new FuzzyQuery(new Term(field, normalized(t, str(body, "value"))), ((Num) body.get("fuzziness")).intValue(),
            ((Num) body.get("prefix_length")).intValue(), ((Num) body.get("max_expansions")).intValue(),
            Boolean.TRUE.equals(body.get("transpositions")));
      }
      case "range":
        return range(field, t, map(bodyOrList));
      default:
        throw new IllegalArgumentException("no Lucene query for " + kind);
    }
  }

  /** Keyword fields with a normalizer normalize the query's value too. */
  static String normalized(FieldType t, String value) {
    return t.type.equals("keyword") && t.lowercase ? lower(value) : value;
  }

  static Query term(String field, FieldType t, Object v) {
    switch (t.type) {
      case "double":
        return DoublePoint.newExactQuery(field, v instanceof Num ? ((Num) v).doubleValue() : Double.parseDouble((String) v));
      case "keyword":
        return new TermQuery(new Term(field, normalized(t, textOf(v))));
      default:
        return new TermQuery(new Term(field, textOf(v)));
    }
  }

  static Query range(String field, FieldType t, Map<String, Object> body) {
    Object gt = body.get("gt");
    Object gte = body.get("gte");
    Object lt = body.get("lt");
    Object lte = body.get("lte");
    switch (t.type) {
      case "double": {
        double lo = gt != null ? Math.nextUp(((Num) gt).doubleValue()) : gte != null ? ((Num) gte).doubleValue() : Double.NEGATIVE_INFINITY;
        double hi = lt != null ? Math.nextDown(((Num) lt).doubleValue()) : lte != null ? ((Num) lte).doubleValue() : Double.POSITIVE_INFINITY;
        return DoublePoint.newRangeQuery(field, lo, hi);
      }
      case "date": {
        long lo = gt != null ? instant(gt) + 1 : gte != null ? instant(gte) : Long.MIN_VALUE;
        long hi = lt != null ? instant(lt) - 1 : lte != null ? instant(lte) : Long.MAX_VALUE;
        return LongPoint.newRangeQuery(field, lo, hi);
      }
      case "keyword": {
        String lo = gt != null ? textOf(gt) : gte != null ? textOf(gte) : null;
        String hi = lt != null ? textOf(lt) : lte != null ? textOf(lte) : null;
        return TermRangeQuery.newStringRange(field, lo == null ? null : normalized(t, lo), hi == null ? null : normalized(t, hi),
            gte != null || lo == null, lte != null || hi == null);
      }
      default:
        return TermRangeQuery.newStringRange(field, gt != null ? textOf(gt) : textOf(gte), lt != null ? textOf(lt) : textOf(lte),
            gte != null, lte != null);
    }
  }

  /** A range bound given in strict_date_optional_time (toQueryDsl writes ISO instants). */
  static long instant(Object v) {
    return Instant.parse((String) v).toEpochMilli();
  }

  // ------------------------------------------------------------------ a case

  static String answer(Map<String, Object> c) throws IOException {
    Mapping mapping = new Mapping(map(c.get("mapping")));
    Analyzer analyzer = analyzerOf(mapping);
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
      for (Object r : (List<Object>) c.get("records")) {
        Map<String, Object> record = map(r);
        Document doc = new Document();
        doc.add(new StoredField(ID, (String) record.get("_dataObjectId")));
        for (Map.Entry<String, List<String>> e : mapping.targets.entrySet()) {
          List<Object> values = new ArrayList<>();
          leaves(record.get(e.getKey()), values);
          for (String target : e.getValue())
            for (Object v : values) index(doc, target, mapping.type(target), v);
        }
        writer.addDocument(doc);
      }
    }
    StringBuilder out = new StringBuilder("{\"answers\":[");
    try (DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      List<Object> queries = (List<Object>) c.get("queries");
      for (int i = 0; i < queries.size(); i++) {
        if (i > 0) out.append(',');
        List<String> ids = new ArrayList<>();
        for (ScoreDoc hit : searcher.search(query(queries.get(i), mapping, analyzer), Math.max(1, reader.maxDoc())).scoreDocs)
          ids.add(searcher.doc(hit.doc).get(ID));
        Collections.sort(ids);
        out.append('[');
        for (int k = 0; k < ids.size(); k++) out.append(k > 0 ? "," : "").append(Json.quote(ids.get(k)));
        out.append(']');
      }
    }
    return out.append("]}").toString();
  }

  // ------------------------------------------------------------------ JSON

  /** A JSON number, with the text it was written as (OpenSearch indexes that text in keyword fields). */
  static final class Num {
    final String text;

    Num(String text) {
      this.text = text;
    }

    double doubleValue() {
      return Double.parseDouble(text);
    }

    int intValue() {
      return (int) doubleValue();
    }
  }

  /** A small JSON reader: objects as ordered maps, arrays as lists, numbers as Num. */
  static final class Json {
    private final String s;
    private int i;

    Json(String s) {
      this.s = s;
    }

    Object value() {
      skip();
      char c = s.charAt(i);
      if (c == '{') {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        skip();
        if (s.charAt(i) == '}') {
          i++;
          return m;
        }
        while (true) {
          skip();
          String k = string();
          skip();
          i++; // ':'
          m.put(k, value());
          skip();
          if (s.charAt(i++) == '}') return m;
        }
      }
      if (c == '[') {
        List<Object> l = new ArrayList<>();
        i++;
        skip();
        if (s.charAt(i) == ']') {
          i++;
          return l;
        }
        while (true) {
          l.add(value());
          skip();
          if (s.charAt(i++) == ']') return l;
        }
      }
      if (c == '"') return string();
      if (s.startsWith("true", i)) {
        i += 4;
        return Boolean.TRUE;
      }
      if (s.startsWith("false", i)) {
        i += 5;
        return Boolean.FALSE;
      }
      if (s.startsWith("null", i)) {
        i += 4;
        return null;
      }
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
      return new Num(s.substring(start, i));
    }

    private void skip() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private String string() {
      StringBuilder b = new StringBuilder();
      i++; // '"'
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\') {
          b.append(c);
          continue;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': b.append('\n'); break;
          case 't': b.append('\t'); break;
          case 'r': b.append('\r'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: b.append(e);
        }
      }
    }

    static String quote(String s) {
      StringBuilder b = new StringBuilder("\"");
      for (char c : s.toCharArray()) {
        if (c == '"' || c == '\\') b.append('\\').append(c);
        else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
        else b.append(c);
      }
      return b.append('"').toString();
    }
  }
}
