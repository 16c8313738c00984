import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

// mergeClasses stands in for tailwind-merge in `cn`: it must give the same answer, class for class and in the
// same order, on every class list the code base builds. The lists are read from the source on each run, so
// new code is covered too; a difference fails with the list, our answer and tailwind-merge's.

/** Lists where a shortcut could go wrong: one family of utilities each, then variants and modifiers. */
const TRICKY = [
  // Padding, margin and inset: the shorthand overrides its sides, a side not the shorthand.
  'p-4 px-2 py-1 pt-2 pr-2 pb-2 pl-2 ps-2 pe-2 p-6',
  'px-2 pl-4 pr-1 ps-3 pe-3 px-6',
  'pl-4 pr-1 ps-3 pe-3 pt-1 pb-1 px-6 py-2',
  'py-2 pt-4 pb-1 py-6 pt-2',
  'p-4 pe-12',
  'pe-12 p-4',
  'm-2 -mt-4 mx-auto ms-2 -mx-2 my-3 -my-0.5 mb-1 m-0',
  'mt-2 mb-1 ml-1 me-3 mx-auto',
  'scroll-mt-4 scroll-mt-6 scroll-m-2',
  'inset-0 inset-x-2 inset-y-0 top-2 right-2 bottom-2 left-2 start-1 end-1 inset-1',
  'top-2 bottom-1 start-0 end-4 left-1 right-1 inset-x-0 inset-y-1',
  'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 top-4 -end-16 end-0',
  // Sizes.
  'w-4 h-4 size-6',
  'size-6 w-4 h-auto',
  'h-11 h-auto min-h-0 min-h-11 max-h-dvh max-h-[calc(100dvh-2rem)]',
  'w-1/2 w-full w-[calc(100%-2rem)] w-auto min-w-0 min-w-[var(--radix-select-trigger-width)] max-w-md max-w-full',
  'size-[1.125rem] size-4 size-full basis-1/2 basis-full',
  'gap-2 gap-x-4 gap-y-1 gap-3 gap-y-3 gap-x-1',
  // Text: size, colour, alignment, wrap and overflow are different groups.
  'text-sm text-primary text-center text-lg text-white text-start text-wrap',
  'text-[14px] text-sm text-[0.9375rem] text-base text-[#fff] text-primary text-[color:var(--x)]',
  'text-(length:--size) text-sm text-(--colour) text-white text-(color:--c)',
  'text-wrap text-nowrap text-balance text-pretty',
  'truncate text-ellipsis text-clip truncate',
  'text-sm/6 leading-4 text-xs leading-none',
  'leading-4 text-sm',
  'text-muted-foreground/45 text-primary-foreground text-foreground/85',
  'text-2xl sm:text-3xl text-xl sm:text-lg',
  // Fonts.
  'font-bold font-semibold font-extrabold font-mono font-sans',
  'font-[600] font-bold font-(--weight) font-[family-name:Inter] font-sans font-(family-name:--f) font-mono',
  'font-normal font-medium font-black font-light font-thin font-extralight',
  // Backgrounds.
  'bg-primary bg-white/10 bg-card/95 bg-white/[0.07] bg-[#f3d70f] bg-(--bg) bg-transparent',
  'bg-cover bg-primary bg-contain bg-auto bg-[length:200px] bg-size-[50%]',
  'bg-center bg-top bg-left-bottom bg-[position:10%_20%] bg-position-[center] bg-primary',
  'bg-[url(/x.png)] bg-primary bg-[linear-gradient(135deg,#1a1a1a_0%,#3a0d0a_100%)] bg-none bg-(image:--i)',
  'bg-[radial-gradient(circle_at_center,rgb(0_0_0/0.05)_0%,rgb(0_0_0/0.45)_100%)] bg-black/60',
  'bg-linear-to-r bg-primary bg-radial bg-conic-180 bg-linear-45',
  'bg-no-repeat bg-primary bg-repeat-x bg-repeat bg-fixed bg-local bg-clip-text bg-origin-border bg-blend-multiply',
  // Borders.
  'border border-2 border-t-4 border-x border-b border-0',
  'border-t border-b-2 border-s-4 border-e border-y-2 border-x-0 border',
  'border-primary border-t-white border-destructive/30 border-s-primary border-x-red',
  'border-dashed border-solid border-2 border-input border-none border-transparent',
  'border-[3px] border-[#fff] border-2 border-red border-[length:var(--w)] border-(--c)',
  'border-collapse border-separate border-spacing-2 border-spacing-x-1 border-input',
  // Corners.
  'rounded-md rounded-t-lg rounded-tl-none rounded-lg',
  'rounded-tl-sm rounded-tr-sm rounded-t-md rounded-bl-sm rounded-b-md',
  'rounded-s-lg rounded-ss-sm rounded-se-sm rounded-es-sm rounded-ee-sm rounded-e-md',
  'rounded-se-sm rounded-s-lg rounded-ss-sm rounded-e-md',
  'rounded-l rounded-tl rounded-bl rounded-tr rounded-r rounded-br',
  'rounded-full rounded-none rounded rounded-t-[3px] rounded-t-sm rounded-e-md',
  // Shadows, rings and outlines: the size or width and the colour are different groups.
  'shadow-sm shadow-lg shadow-black/10 shadow-none shadow-primary',
  'shadow-[0_-4px_16px_rgb(0_0_0/0.08)] shadow-sm shadow shadow-xl shadow-2xs',
  'shadow-(--shadow) shadow-md shadow-(color:--c) shadow-red shadow-[inset_0_1px_0_#fff] shadow-[#000]',
  'ring-2 ring-ring ring-4 ring-white/25 ring ring-1 ring-0 ring-[3px] ring-[#fff]',
  'ring-inset ring-2 ring-primary ring-offset-2 ring-offset-white ring-offset-4',
  'inset-ring-2 inset-0 inset-ring-white inset-shadow-sm inset-shadow-red',
  'outline-2 outline-ring outline-none outline-4 outline-offset-2 -outline-offset-2 outline-offset-0',
  'outline outline-dashed outline-red outline-hidden outline-none outline-1',
  'text-shadow-sm text-white text-shadow-lg text-shadow-red drop-shadow-md drop-shadow-lg',
  // Layout and flex.
  'block inline-block inline flex inline-flex grid inline-grid hidden table table-cell contents',
  'flex hidden flex-col flex-row flex-col-reverse flex-wrap flex-nowrap flex-wrap-reverse',
  'shrink-0 flex-1',
  'flex-1 shrink-0 grow-0 grow basis-0 flex-none shrink',
  'static fixed absolute relative sticky',
  'opacity-55 opacity-100 z-10 z-[100] -z-10 z-auto',
  'overflow-hidden overflow-x-auto overflow-y-auto overflow-visible',
  'overflow-x-auto overflow-y-hidden overflow-hidden',
  'items-center items-start items-baseline justify-between justify-center justify-self-end justify-self-center',
  'self-start self-center self-stretch justify-items-center justify-end',
  "content-center content-[''] content-none content-between",
  'place-items-center place-content-center place-self-end place-items-start',
  'grid-cols-2 grid-cols-[minmax(0,1fr)_20rem] col-span-2 col-span-1 col-start-1 col-end-3 col-auto',
  'grid-rows-2 row-span-2 row-start-1 grid-flow-col grid-flow-row auto-cols-fr auto-cols-auto auto-rows-min',
  'order-1 order-last order-first -order-1',
  'aspect-square aspect-video aspect-16/9 aspect-[4/3]',
  // Typography and the rest.
  'leading-none leading-tight leading-4 leading-[1.2] tracking-tight tracking-[0.14em] tracking-wide',
  'whitespace-nowrap whitespace-normal whitespace-pre-line break-all break-words break-after-page',
  'truncate line-clamp-2',
  'line-clamp-2 truncate',
  'flex overflow-hidden line-clamp-3',
  'line-clamp-3 flex overflow-hidden line-clamp-none',
  'cursor-pointer cursor-not-allowed cursor-default pointer-events-none pointer-events-auto',
  'select-none select-text',
  'transition-colors transition-[width] transition transition-transform duration-300 duration-700',
  'ease-out ease-in-out ease-in ease-linear transition-discrete transition-all',
  'animate-spin animate-pulse animate-none animate-ping',
  'translate-x-0 translate-x-5 -translate-x-1/2 translate-y-1 translate-2 translate-y-[6%]',
  'translate-x-2 translate-y-2 translate-3 translate-x-[var(--radix-toast-swipe-move-x)]',
  'scale-105 -scale-x-100 scale-110 scale-x-50 rotate-180 rotate-45 rotate-x-12',
  'sr-only not-sr-only sr-only',
  'underline no-underline line-through underline-offset-4 underline-offset-2',
  'uppercase normal-case lowercase capitalize italic not-italic italic',
  'object-cover object-contain object-top object-center object-none object-[25%_75%]',
  'fill-current fill-white fill-primary stroke-white/70 stroke-2 stroke-[1.5] stroke-primary stroke-none',
  'divide-y divide-x divide-border divide-dashed divide-y-2 divide-solid divide-white/10',
  'table-auto table-fixed list-disc list-none list-inside list-outside list-decimal',
  'caption-bottom caption-top align-middle align-top',
  'blur-3xl blur-sm blur backdrop-blur backdrop-blur-[2px]',
  // Variants: the same stack in any order, except arbitrary and pseudo-element variants.
  'hover:bg-muted hover:bg-card focus:bg-primary',
  'sm:p-2 p-4 md:p-6 sm:p-3',
  'p-4 sm:p-2 sm:px-6 md:p-6 md:px-1',
  'focus-visible:outline-2 focus-visible:outline-4 focus-visible:outline-ring',
  'data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out data-[state=open]:animate-spin',
  '[&_svg]:size-4 [&_svg]:size-3 [&_svg]:shrink-0',
  'hover:after:bg-red-500 after:hover:bg-blue-500',
  "before:content-[''] before:content-none after:absolute after:relative",
  'placeholder:text-muted-foreground placeholder:text-sm placeholder:text-red',
  '[:root:has([data-bottom-bar])_&]:bottom-[calc(var(--bottom-bar-height,5rem)+0.75rem)] bottom-4',
  'has-[select:focus-visible]:ring-2 has-[select:focus-visible]:ring-4 has-[select:focus-visible]:ring-ring',
  'rtl:data-[state=checked]:-translate-x-5 data-[state=checked]:translate-x-5 rtl:translate-x-0',
  'group-hover/item:p-2 group-hover/item:p-4 peer-checked:p-1',
  // The important flag, either end.
  'size-6! size-4',
  'size-4 size-6!',
  '!p-2 p-4 p-6!',
  'p-6! !p-2 hover:p-2! hover:!p-3',
  '!bg-red/50 bg-blue !bg-green',
  // Not Tailwind: always kept.
  'group peer surface-light surface-dark brand-logo',
  'foo foo bar',
  'p-4 custom-p-2',
  '',
  '   p-2   p-4  ',
  'motm-confetti',
];

const here = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = join(here, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

// Caps the values of one expression (a cn() with many conditional arguments has many combinations).
const LIMIT = 400;
const unique = (values: string[]) => [...new Set(values)].slice(0, LIMIT);
/** Every way of picking one value from each list, joined: as clsx and cn build a class list. */
function combine(options: string[][]): string[] {
  let lists = [''];
  for (const values of options)
    lists = unique(lists.flatMap((list) => values.map((value) => `${list} ${value}`)));
  return lists.map((list) => list.trim());
}

/**
 * The class lists the code base builds: each `cn(...)` with every value its arguments can take (string
 * literals, both sides of a condition, object literals' values, a cva's outputs, and for a component's
 * `className`-like prop each value passed to that component elsewhere), every cva's base with each pick of
 * its variants, and every `className="..."`.
 */
function corpus(): Set<string> {
  const files = sourceFiles(clientRoot).map((path) =>
    ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
  );
  const cvaOutputs = new Map<string, string[]>();
  const propUses = new Map<string, { file: ts.SourceFile; value: ts.Expression | undefined }[]>();
  const lists = new Set<string>();
  const visitAll = (visit: (node: ts.Node, file: ts.SourceFile) => void) => {
    for (const file of files) {
      const walk = (node: ts.Node) => {
        visit(node, file);
        ts.forEachChild(node, walk);
      };
      walk(file);
    }
  };
  const isCall = (node: ts.Node, name: string): node is ts.CallExpression =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

  // A component's name, for the function a node is in.
  const componentOf = (node: ts.Node): string | undefined => {
    for (let at: ts.Node | undefined = node; at; at = at.parent) {
      if (ts.isFunctionDeclaration(at) && at.name && /^[A-Z]/.test(at.name.text)) return at.name.text;
      if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name) && /^[A-Z]/.test(at.name.text))
        return at.name.text;
    }
    return undefined;
  };
  const declarationIn = (file: ts.SourceFile, name: string): ts.Expression | undefined => {
    let found: ts.Expression | undefined;
    const walk = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name)
        found ??= node.initializer;
      ts.forEachChild(node, walk);
    };
    walk(file);
    return found;
  };
  // What a function of the file returns (`toneOf(rating)`).
  const returnsOf = (file: ts.SourceFile, name: string): ts.Expression[] => {
    const found: ts.Expression[] = [];
    const walk = (node: ts.Node, inside: boolean) => {
      const starts = ts.isFunctionDeclaration(node) && node.name?.text === name;
      if ((inside || starts) && ts.isReturnStatement(node) && node.expression) found.push(node.expression);
      ts.forEachChild(node, (child) => walk(child, inside || starts));
    };
    walk(file, false);
    return found;
  };

  /** The class strings an expression can give. */
  const values = (node: ts.Expression | undefined, file: ts.SourceFile, depth = 0): string[] => {
    if (!node || depth > 12) return [''];
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isTemplateExpression(node))
      return combine([
        [node.head.text],
        ...node.templateSpans.flatMap((span) => [
          values(span.expression, file, depth + 1),
          [span.literal.text],
        ]),
      ]);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return values(node.expression, file, depth);
    if (ts.isConditionalExpression(node))
      return unique([...values(node.whenTrue, file, depth + 1), ...values(node.whenFalse, file, depth + 1)]);
    if (ts.isBinaryExpression(node)) {
      if (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
        return unique(['', ...values(node.right, file, depth + 1)]);
      return unique([...values(node.left, file, depth + 1), ...values(node.right, file, depth + 1)]);
    }
    if (ts.isObjectLiteralExpression(node))
      return unique(
        node.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) ? values(property.initializer, file, depth + 1) : [],
        ),
      );
    if (ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node))
      return values(node.expression, file, depth + 1);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (name === 'cn') return combine(node.arguments.map((argument) => values(argument, file, depth + 1)));
      const returned = returnsOf(file, name).flatMap((expression) => values(expression, file, depth + 1));
      return cvaOutputs.get(name) ?? unique(['', ...returned]);
    }
    if (ts.isIdentifier(node)) {
      const declared = declarationIn(file, node.text);
      if (declared) return values(declared, file, depth + 1);
      // A prop: each value the component is given elsewhere.
      const component = componentOf(node);
      const uses = component ? propUses.get(`${component}.${node.text}`) : undefined;
      return unique(['', ...(uses ?? []).flatMap((use) => values(use.value, use.file, depth + 1))]);
    }
    return [''];
  };

  // A cva's outputs: its base with one value of each variant.
  visitAll((node, file) => {
    if (!isCall(node, 'cva') || !ts.isVariableDeclaration(node.parent) || !ts.isIdentifier(node.parent.name))
      return;
    const [base, config] = node.arguments;
    const variants =
      config && ts.isObjectLiteralExpression(config)
        ? config.properties.find((property) => property.name?.getText(file) === 'variants')
        : undefined;
    const picks =
      variants && ts.isPropertyAssignment(variants) && ts.isObjectLiteralExpression(variants.initializer)
        ? variants.initializer.properties.map((variant) =>
            ts.isPropertyAssignment(variant) ? values(variant.initializer, file) : [''],
          )
        : [];
    cvaOutputs.set(node.parent.name.text, combine([values(base, file), ...picks]));
  });
  // The props each component is given, and every className="...".
  visitAll((node, file) => {
    if (!ts.isJsxAttribute(node) || !ts.isIdentifier(node.name)) return;
    const element = node.parent.parent;
    const initializer = node.initializer;
    const value =
      initializer && ts.isJsxExpression(initializer)
        ? initializer.expression
        : (initializer as ts.Expression);
    if (/className$/.test(node.name.text)) for (const list of values(value, file)) lists.add(list);
    // `<Card className=...>` gives Card's `className`; `<Avatar.Root>` is no component of ours.
    const tag = element.tagName.getText(file).split('.').pop() ?? '';
    const key = `${tag}.${node.name.text}`;
    propUses.set(key, [...(propUses.get(key) ?? []), { file, value }]);
  });
  for (const outputs of cvaOutputs.values()) for (const output of outputs) lists.add(output);
  visitAll((node, file) => {
    if (isCall(node, 'cn')) for (const list of values(node, file)) lists.add(list);
  });
  return lists;
}

/**
 * Where this merger differs from tailwind-merge on purpose, and what it gives: it keeps both classes
 * where tailwind-merge drops one (variants in another order, utilities it does not know), and it does not
 * check values of utilities named by a fixed list or a spacing scale (`p-foo` is no Tailwind class).
 */
const DIFFERENCES = [
  ['sm:hover:p-2 hover:sm:p-4', 'sm:hover:p-2 hover:sm:p-4'],
  [
    'disabled:data-[state=checked]:bg-primary data-[state=checked]:disabled:bg-muted',
    'disabled:data-[state=checked]:bg-primary data-[state=checked]:disabled:bg-muted',
  ],
  ['p-4 p-foo', 'p-foo'],
  ['space-x-2 space-x-4', 'space-x-2 space-x-4'],
  ['decoration-2 decoration-4', 'decoration-2 decoration-4'],
  ['[mask-type:alpha] [mask-type:luminance]', '[mask-type:alpha] [mask-type:luminance]'],
  ['start-0 inset-s-2', 'start-0 inset-s-2'],
  ['translate-z-2 translate-none', 'translate-z-2 translate-none'],
  ['text-[var(--x,14px)] text-sm', 'text-[var(--x,14px)] text-sm'],
];

/** The variants of a class (`hover:`, `md:[&_svg]:`): only classes with the same can conflict. */
function variantsOf(className: string): string {
  const plain = className.replace(/\[[^\]]*\]|\([^)]*\)/g, (bracket) => '_'.repeat(bracket.length));
  return className.slice(0, plain.lastIndexOf(':') + 1);
}

const lists = [...corpus()];
const byVariants = new Map<string, Set<string>>();
for (const className of lists.flatMap((list) => list.split(/\s+/)).filter(Boolean)) {
  const variants = variantsOf(className);
  byVariants.set(variants, (byVariants.get(variants) ?? new Set()).add(className));
}
const pairs = [...byVariants.values()].flatMap((classes) =>
  [...classes].flatMap((first) => [...classes].map((second) => `${first} ${second}`)),
);

function differences(classLists: string[]) {
  return classLists
    .filter((list) => mergeClasses(list) !== twMerge(list))
    .slice(0, 50)
    .map((list) => ({ list, ours: mergeClasses(list), tailwindMerge: twMerge(list) }));
}

describe('mergeClasses', () => {
  it.each(TRICKY)('merges "%s" as tailwind-merge does', (list) => {
    expect(mergeClasses(list)).toBe(twMerge(list));
  });

  it.each(DIFFERENCES)('differs from tailwind-merge on purpose on "%s"', (list, ours) => {
    expect(mergeClasses(list)).toBe(ours);
    expect(twMerge(list)).not.toBe(ours);
  });

  it(`merges the ${lists.length} class lists the code base builds as tailwind-merge does`, () => {
    expect(lists.length).toBeGreaterThan(500);
    expect(differences(lists)).toEqual([]);
  });

  // Any two classes the code base uses, in either order, whether or not some list holds both today.
  it(`merges the ${pairs.length} pairs of classes the code base uses with the same variants as tailwind-merge does`, () => {
    expect(pairs.length).toBeGreaterThan(10_000);
    expect(differences(pairs)).toEqual([]);
  }, 120_000);
});
