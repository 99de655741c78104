/**
 * The connections (arrows) of a D2 source, read without D2: loko takes a component's relationships
 * from the arrows of its component.d2 as well as from its frontmatter, and the studio needs them on
 * every read of a project, in the pool worker, at once. D2 itself (its WASM build, 3-4 s to load, in
 * a process of its own) cannot answer there, and no other D2 reader exists on npm; so this reads the
 * part of D2's grammar that declares connections, and a test holds it to D2's own compile.
 *
 * What it reads: statements separated by newlines or `;`; keys as dotted paths (`a.b`, quoted
 * segments, `_` for the parent); connection chains (`a -> b -> c`, `<-`, `<->`, `--`) with a
 * label after `:`; nested maps (`x: { a -> b }` connects `x.a` to `x.b`). What it steps over: `#`
 * and `"""` comments, quoted and `|block|` strings, arrays, the maps of reserved keywords (style,
 * vars, classes...) and of other boards (layers, scenarios, steps), connection references
 * (`(a -> b)[0]...`), imports and glob connections. Ids are kept as written: D2 and loko match them
 * without regard to case. A connection goes from its first shape to its second as written, whatever
 * the arrowheads (`a <- b` is D2's connection from a to b, with its arrowhead at a), as loko takes it.
 */

export interface DiagramArrow {
  /** Dotted path of shape ids as written: `x.a` (D2 matches ids without regard to case). */
  source: string;
  target: string;
  label?: string;
  /** 1-based line of the arrow in the source. */
  line: number;
}

/** Keys whose maps hold no shapes of this board. */
const NOT_SHAPES = new Set(['style', 'vars', 'classes', 'layers', 'scenarios', 'steps', 'label', 'tooltip', 'icon', 'link', 'source-arrowhead', 'target-arrowhead', 'width', 'height', 'near', 'grid-rows', 'grid-columns', 'constraint', 'shape', 'direction']);

class Reader {
  pos = 0;
  line = 1;
  readonly arrows: DiagramArrow[] = [];

  constructor(private readonly text: string) {}

  private peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  private next(): string {
    const c = this.text[this.pos++] ?? '';
    if (c === '\n') this.line++;
    return c;
  }

  private get done(): boolean {
    return this.pos >= this.text.length;
  }

  /** Spaces and tabs (and an escaped newline), not statement ends. */
  private skipBlanks(): void {
    while (!this.done) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') this.next();
      else if (c === '\\' && this.peek(1) === '\n') (this.next(), this.next());
      else break;
    }
  }

  private skipToLineEnd(): void {
    while (!this.done && this.peek() !== '\n') this.next();
  }

  /**
   * Hands each statement of a map to `statement`, stepping over blank lines, `;` and comments, up to
   * the map's `}` (or the end of the source; at the top a stray `}` is stepped over).
   */
  private eachStatement(top: boolean, statement: () => void): void {
    while (!this.done) {
      this.skipBlanks();
      const c = this.peek();
      if (c === '\n' || c === ';') this.next();
      else if (c === '}') {
        this.next();
        if (!top) return;
      } else if (c === '#') this.skipToLineEnd();
      else if (this.text.startsWith('"""', this.pos)) this.skipBlockComment();
      else {
        const start = this.pos;
        statement();
        // Something no statement starts with (a stray `]`, `:`, `.`): stepped over with its line.
        if (this.pos === start) this.skipStatement(true);
      }
    }
  }

  /** The statements of a map: its shapes' maps read in their scope, its arrows kept. */
  readMap(scope: string[], top = false): void {
    this.eachStatement(top, () => this.readStatement(scope));
  }

  private skipBlockComment(): void {
    this.pos += 3;
    const end = this.text.indexOf('"""', this.pos);
    const stop = end < 0 ? this.text.length : end + 3;
    while (this.pos < stop) this.next();
  }

  private readStatement(scope: string[]): void {
    const line = this.line;
    // A connection reference or an import: nothing that declares a connection.
    if (this.peek() === '(' || this.text.startsWith('...', this.pos) || this.peek() === '@') return this.skipStatement();
    const keys: (string[] | undefined)[] = [this.readKey()];
    for (;;) {
      this.skipBlanks();
      if (!this.readArrow()) break;
      this.skipBlanks();
      keys.push(this.readKey());
    }
    this.skipBlanks();
    let label: string | undefined;
    if (this.peek() === ':') {
      this.next();
      this.skipBlanks();
      if (this.peek() !== '{') label = this.readValue();
      this.skipBlanks();
    }
    const hasMap = this.peek() === '{';
    if (hasMap) this.next();
    if (keys.length > 1) {
      // The arrow's own map: its style, and perhaps its label.
      if (hasMap) label = this.readArrowMap() ?? label;
      const paths = keys.map((key) => (key ? resolvePath(scope, key) : undefined));
      for (let i = 0; i + 1 < paths.length; i++) {
        const [source, target] = [paths[i], paths[i + 1]];
        if (source && target) this.arrows.push({ source: source.join('.'), target: target.join('.'), ...(label ? { label } : {}), line });
      }
      return;
    }
    const key = keys[0];
    if (!hasMap) return;
    const path = key ? resolvePath(scope, key) : undefined;
    if (!path || NOT_SHAPES.has(key![key!.length - 1])) this.skipMap();
    else this.readMap(path);
  }

  /** An arrow's map up to its `}`: the `label:` it sets, if any. */
  private readArrowMap(): string | undefined {
    let label: string | undefined;
    this.eachStatement(false, () => {
      const key = this.readKey();
      this.skipBlanks();
      if (this.peek() === ':') {
        this.next();
        this.skipBlanks();
        const value = this.peek() === '{' ? undefined : this.readValue();
        if (key?.length === 1 && key[0] === 'label') label = value;
        this.skipBlanks();
      }
      if (this.peek() === '{') {
        this.next();
        this.skipMap();
      } else if (this.peek() !== '}') this.skipStatement();
    });
    return label;
  }

  /** `->`, `<-`, `<->`, `--` (and longer dashes). */
  private readArrow(): boolean {
    const match = /^<?-+>?/.exec(this.text.slice(this.pos, this.pos + 16));
    if (!match) return false;
    const op = match[0];
    if (!(op.startsWith('<') || op.endsWith('>') || op.length >= 2)) return false;
    this.pos += op.length;
    return true;
  }

  /** A dotted key path; undefined for a glob or an empty key. */
  private readKey(): string[] | undefined {
    const segments: string[] = [];
    let glob = false;
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      let segment: string;
      if (c === '"' || c === "'") segment = this.readQuoted();
      else {
        let raw = '';
        while (!this.done && !this.atKeyEnd()) raw += this.next();
        segment = raw.trim();
      }
      if (segment.includes('*')) glob = true;
      segments.push(segment);
      this.skipBlanks();
      if (this.peek() !== '.') break;
      this.next();
    }
    return glob || segments.some((s) => s === '') ? undefined : segments;
  }

  private atKeyEnd(): boolean {
    const c = this.peek();
    if ('.:;{}\n[]'.includes(c)) return true;
    if (c === '#' && /\s/.test(this.text[this.pos - 1] ?? ' ')) return true;
    if (c === '-' && (this.peek(1) === '-' || this.peek(1) === '>')) return true;
    return c === '<' && this.peek(1) === '-';
  }

  private readQuoted(): string {
    const quote = this.next();
    let out = '';
    while (!this.done && this.peek() !== quote && this.peek() !== '\n') {
      const c = this.next();
      out += c === '\\' && quote === '"' ? this.next() : c;
    }
    if (this.peek() === quote) this.next();
    return out;
  }

  /** A value after `:` up to the end of the statement or a `{`: its text when it is one. */
  private readValue(): string | undefined {
    const c = this.peek();
    if (c === '"' || c === "'") return this.readQuoted();
    if (c === '|') return this.readBlockString();
    if (c === '[') {
      this.skipBalanced('[', ']');
      return undefined;
    }
    let raw = '';
    while (!this.done && !';{}\n'.includes(this.peek()) && !(this.peek() === '#' && /\s/.test(this.text[this.pos - 1] ?? ' '))) raw += this.next();
    return raw.trim() || undefined;
  }

  /** `|md ...|`, `|||ts ...|||`, `` |`...`| ``: the text between the delimiters. */
  private readBlockString(): string {
    let pipes = '';
    while (this.peek() === '|') pipes += this.next();
    const close = this.peek() === '`' ? `\`${pipes}` : pipes;
    if (this.peek() === '`') this.next();
    while (!this.done && !/\s/.test(this.peek())) this.next(); // the language tag
    const end = this.text.indexOf(close, this.pos);
    const stop = end < 0 ? this.text.length : end;
    const start = this.pos;
    while (this.pos < stop) this.next();
    this.pos = Math.min(this.text.length, this.pos + close.length);
    return this.text.slice(start, stop).trim();
  }

  /** A map whose statements declare nothing here (a style, another board): up to its `}`. */
  private skipMap(): void {
    this.skipBalanced('{', '}', true);
  }

  private skipBalanced(open: string, close: string, opened = false): void {
    let depth = opened ? 1 : 0;
    while (!this.done) {
      const c = this.peek();
      if (c === '"' || c === "'") this.readQuoted();
      else if (c === '|' && /[:\s]/.test(this.text[this.pos - 1] ?? ' ')) this.readBlockString();
      else if (c === '#' && /\s/.test(this.text[this.pos - 1] ?? ' ')) this.skipToLineEnd();
      else {
        this.next();
        if (c === open) depth++;
        else if (c === close && --depth <= 0) return;
      }
    }
  }

  /** To the end of the statement (a `{...}` map in it stepped over whole); `always`: past at least one character. */
  private skipStatement(always = false): void {
    if (always && !this.done) this.next();
    while (!this.done && this.peek() !== '\n' && this.peek() !== ';') {
      if (this.peek() === '{') this.skipBalanced('{', '}');
      else if (this.peek() === '"' || this.peek() === "'") this.readQuoted();
      else this.next();
    }
  }
}

/** A key in a scope: `_` steps up to the parent; undefined when it steps above the top. */
function resolvePath(scope: string[], key: string[]): string[] | undefined {
  const path = [...scope];
  for (const segment of key) {
    if (segment === '_') {
      if (path.length === 0) return undefined;
      path.pop();
    } else path.push(segment);
  }
  return path;
}

/** Every connection of the source's top board, in order. Never throws: what it cannot read, it steps over. */
export function d2Arrows(source: string): DiagramArrow[] {
  const reader = new Reader(source);
  reader.readMap([], true);
  return reader.arrows;
}
