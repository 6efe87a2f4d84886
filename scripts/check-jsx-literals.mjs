#!/usr/bin/env node
// Run by `npm run lint`, after Biome: no user-facing text is written into the console's JSX.
// A screen's text is a key of its `defineMessages`, and a message the server shares is a key
// of the contract's catalogues (`say`), so both languages have it. This finds, with the
// TypeScript compiler's parser, JSX text holding a letter and string literals holding one in
// the attributes a user reads (title, placeholder, aria-label, …). Tests are left out.
//
// Not counted: text without letters ("403", "--", "·"); example addresses in a placeholder
// ("https://example.com/callback"), which read the same in every language; and a list
// screen's `title`, which names its route by the route's English title, the key its titles in
// both languages are found under (lib/nav-titles.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The attributes whose value a user reads or hears. */
export const USER_FACING_ATTRIBUTES = new Set([
  'title',
  'subTitle',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'label',
  'okText',
  'cancelText',
  'content',
  'tooltip',
  'description',
  'message',
  'emptyText',
  'notFoundContent',
  'extra',
  'help',
  'text',
  'question',
  'warning',
  'confirmText',
  'searchPlaceholder',
  'addonBefore',
  'addonAfter',
]);

const LETTER = /\p{L}/u;
const EXAMPLE_ADDRESS = /^(https?:\/\/|\/)\S*$/;

const hasWords = (text) => LETTER.test(text);

/** Whether an attribute belongs to a list screen, whose `title` is its route's key. */
function isRouteTitle(attribute, file) {
  const element = attribute.parent?.parent;
  const tag = element && (ts.isJsxOpeningElement(element) || ts.isJsxSelfClosingElement(element));
  return tag && attribute.name.getText(file) === 'title' && /ListScreen$/.test(element.tagName.getText(file));
}

/** The literal texts an attribute's value holds: a string, or a template or condition of them. */
function literalsIn(node) {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isJsxExpression(node)) return literalsIn(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalsIn(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsIn(node.whenTrue), ...literalsIn(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return literalsIn(node.right);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return literalsIn(node.right);
  return [];
}

function textOf(node) {
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return node.text;
}

/**
 * The user-facing literals of one TSX source: `{ line, text }` for each, the text as written.
 * `fileName` only names the source for the parser.
 */
export function findJsxLiterals(source, fileName = 'file.tsx') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (hasWords(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(file);
      if (USER_FACING_ATTRIBUTES.has(name) && !isRouteTitle(node, file)) {
        for (const literal of literalsIn(node.initializer)) {
          const text = textOf(literal);
          if (!hasWords(text)) continue;
          if (name === 'placeholder' && EXAMPLE_ADDRESS.test(text.trim())) continue;
          report(literal, text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function tsxFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : tsxFilesUnder(path);
    return entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

function main() {
  const root = new URL('..', import.meta.url).pathname;
  const dirs = process.argv.slice(2);
  const files = (dirs.length > 0 ? dirs : [join(root, 'apps/web/src')]).flatMap((dir) =>
    dir.endsWith('.tsx') ? [dir] : tsxFilesUnder(dir),
  );
  let count = 0;
  for (const file of files) {
    for (const { line, text } of findJsxLiterals(readFileSync(file, 'utf8'), file)) {
      console.error(
        `${relative(root, file)}:${line}: a literal user-facing text in JSX: "${text}". Use a key of the ` +
          "feature's defineMessages, or say() a contract message.",
      );
      count++;
    }
  }
  if (count > 0) {
    console.error(`\n${count} literal text(s) in JSX.`);
    process.exit(1);
  }
  console.log(`JSX literals: none in ${files.length} files.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
