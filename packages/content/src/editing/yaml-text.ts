import { type Document, isMap, isScalar, isSeq, type Node, parseDocument, Scalar, visit, YAMLMap, YAMLSeq } from 'yaml';

/** How the content files are written: long lines kept whole, `[a, b]`, `\n` escapes in double quotes. */
const stringifyOptions = { lineWidth: 0, flowCollectionPadding: false, doubleQuotedAsJSON: true } as const;

const frontMatter = /^(---\r?\n)([\s\S]*?\r?\n)(---\r?\n?[\s\S]*)$/;

export type YamlPath = ReadonlyArray<string | number>;

/**
 * The YAML of a content file, edited in place: comments, key order, quoting and layout are kept,
 * so that the file's diff shows only the lines whose values changed. A markdown file's front
 * matter is edited and its body kept byte for byte.
 */
export class YamlText {
  private readonly document: Document;
  private readonly before: string;
  private readonly after: string;

  private constructor(yaml: string, before = '', after = '') {
    this.document = parseDocument(yaml);
    const [error] = this.document.errors;
    if (error) throw new Error(`unreadable YAML: ${error.message.split('\n')[0]}`);
    this.before = before;
    this.after = after;
  }

  static ofYaml(text: string): YamlText {
    return new YamlText(text);
  }

  static ofMarkdown(text: string): YamlText {
    const match = frontMatter.exec(text);
    if (!match) throw new Error('no front matter between two --- lines');
    return new YamlText(match[2] ?? '', match[1], match[3]);
  }

  /** The whole YAML as plain values. */
  data(): unknown {
    return this.document.toJS();
  }

  has(path: YamlPath): boolean {
    return this.document.hasIn(path);
  }

  /** Sets a value, keeping the style of what it replaces; a new string is double-quoted like the files' own. */
  set(path: YamlPath, value: unknown): void {
    const node = path.length === 0 ? this.document.contents : this.document.getIn(path, true);
    if (isScalar(node) && (value === null || typeof value !== 'object')) {
      node.value = value;
    } else if (isSeq(node) && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (index < node.items.length) this.set([...path, index], item);
        else node.items.push(this.newNode(item, node.items[0]));
      });
      node.items.length = value.length;
    } else if (isMap(node) && isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) this.set([...path, key], item);
      for (const pair of [...node.items]) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (!(key in value)) node.delete(key);
      }
    } else {
      this.document.setIn(path, this.newNode(value));
    }
  }

  /** Removes a value; one that is not there (nor its parent) is left as it is. */
  delete(path: YamlPath): void {
    if (this.has(path)) this.document.deleteIn(path);
  }

  /** True for a map with no key left (or no map at all). */
  isEmpty(path: YamlPath): boolean {
    const node = this.document.getIn(path, true);
    return !isMap(node) || node.items.length === 0;
  }

  toString(): string {
    return `${this.before}${this.document.toString(stringifyOptions)}${this.after}`;
  }

  private newNode(value: unknown, sibling?: unknown): Node {
    const node = this.document.createNode(value) as Node;
    const quoting = isScalar(sibling) ? sibling.type : Scalar.QUOTE_DOUBLE;
    // The values take the quoting of their siblings; the keys stay plain, as the files write them.
    visit(node, {
      Scalar(key, scalar) {
        if (key !== 'key' && typeof scalar.value === 'string') scalar.type = quoting;
      },
    });
    if ((node instanceof YAMLSeq || node instanceof YAMLMap) && (sibling instanceof YAMLSeq || sibling instanceof YAMLMap)) {
      node.flow = sibling.flow;
    }
    return node;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
