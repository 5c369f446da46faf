import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.TimeZone;

import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.Query;

/**
 * Records how Lucene 8.7's classic QueryParser reads each query: one query per input
 * line (blank lines and lines starting with '#' skipped), one JSON object per output line:
 *
 *   {"query":"a b","lucene":{"accepted":true,"query":"+text:a +text:b"}}
 *   {"query":"a AND","lucene":{"accepted":false,"error":"Cannot parse 'a AND': ..."}}
 *
 * The settings mirror the service: default field "text", whitespace analysis (no
 * lower-casing, no stemming), default operator AND, leading wildcards allowed, and a
 * fixed locale and time zone (the parser tries range bounds as dates in them).
 * Plain Java and the Lucene jars only: the JSON writer is the small function below.
 */
public final class LuceneCases {
  private LuceneCases() {}

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().isEmpty() || line.startsWith("#")) continue;
      out.print("{\"query\":");
      out.print(json(line));
      out.print(",\"lucene\":");
      out.print(answer(line));
      out.print("}\n");
    }
    out.flush();
  }

  /** A fresh parser per query, so no state can leak from one case into the next. */
  private static QueryParser parser() {
    QueryParser parser = new QueryParser("text", new WhitespaceAnalyzer());
    parser.setDefaultOperator(QueryParser.Operator.AND);
    parser.setAllowLeadingWildcard(true);
    // Range bounds are tried as dates in the parser's locale: fix it so the output never depends on the machine.
    parser.setLocale(Locale.US);
    parser.setTimeZone(TimeZone.getTimeZone("UTC"));
    return parser;
  }

  private static String answer(String text) {
    try {
      Query query = parser().parse(text);
      return "{\"accepted\":true,\"query\":" + json(query.toString()) + "}";
    } catch (Exception | Error e) {
      // ParseException, TokenMgrError, TooManyClauses, and anything unforeseen: all rejections.
      String message = String.valueOf(e.getMessage());
      int newline = message.indexOf('\n');
      String first = (newline < 0 ? message : message.substring(0, newline)).trim();
      return "{\"accepted\":false,\"error\":" + json(first) + "}";
    }
  }

  /** A JSON string literal: quotes, backslashes and control characters escaped. */
  static String json(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        case '\b': b.append("\\b"); break;
        case '\f': b.append("\\f"); break;
        default:
          if (c < 0x20 || c == 0x2028 || c == 0x2029) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
