/**
 * A small stand-in for tailwind-merge (8.7 kB gzip on the fan page's first load): a later class wins over
 * an earlier one it conflicts with, given the same variants and `!`. It follows tailwind-merge's (v3) class
 * groups and conflicts for the Tailwind v4 utilities this code base writes, and class-merge.test.ts checks
 * that the two agree on every class list the code base builds. On purpose it does less: variants written in
 * another order (`hover:sm:`, `sm:hover:`) are not taken for the same, values of spacing and keyword
 * utilities are not checked (`p-foo` is a padding), and a class it does not know is kept as it is.
 */

// Value patterns shared by several utilities.
const SHIRT = String.raw`\d*(xs|sm|md|lg|xl)`;
// `text-[14px]` is a size where `text-[#fff]` is a colour; `(length:--x)` says so of a variable.
const LENGTH = String.raw`[[(]length:.+|\[([\d.]+[a-z%]+|0|(calc|min|max|clamp)\(.+)\]`;
const ARBITRARY = '[[(].+';
// A bare `border` or `ring` is a width too.
const WIDTH = String.raw`|[\d.]+|${LENGTH}`;

/**
 * The class groups, as lines of a pattern of utility names then their groups as `group=pattern of values`
 * (the first line's classes are a value alone). The first group whose pattern matches the class is its
 * group, joined with the name (`size:` + `text`; a nameless group is the name alone). A value pattern that
 * takes an empty value makes the bare name a class too (`border`, `rounded-t`). Names taking any value
 * (colours) come after Tailwind's other utilities that start with them (`border-spacing-2`, `text-shadow`).
 */
const RULES =
  String.raw` display=(inline-)?(block|flex|grid|table)|inline|contents|flow-root|list-item|hidden|table-[^af][\w-]+ position=static|fixed|absolute|relative|sticky sr=(not-)?sr-only italic=(not-)?italic decoration=(no-|over)?underline|line-through case=(upper|lower|normal-)case|capitalize overflow:text=truncate scale-3d=scale-3d isolation=isolate|isolation-auto container=@container numbers=(proportional|tabular)-nums
top|right|bottom|left|start|end inset-=.+
flex direction:=(row|col)(-reverse)? wrap:=wrap(-reverse)?|nowrap
object fit:=contain|cover|fill|none|scale-down
table layout:=auto|fixed
list position:=inside|outside type:=disc|decimal|none|${ARBITRARY}
content content:=none|${ARBITRARY} align:=.+
transition behavior:=normal|discrete
animate =none|spin|ping|pulse|bounce|${ARBITRARY}
(inset-|text-|drop-)?shadow size:=|inner|none|${SHIRT}|\[(shadow:|(inset_)?-?[\d.]+[a-z]*_).+|\((shadow:)?-.+ color:=.+
(inset-)?ring(-offset)?|divide-[xy] inset:=inset w:=${WIDTH} color:=.+
stroke w:=${WIDTH}|\[[\d.]+\] color:=.+
border(-([xysetrbl]|b[se]))?|outline|divide style:=solid|dashed|dotted|double|hidden|none collapse:=collapse|separate
(scroll-)?[pm]([xysetrbl]|b[se])?|inset(-([xyse]|b[se]))?|(min-|max-)?[wh]|size|basis|(gap|overflow|border-spacing|translate|scale|rotate)(-[xyz])?|z|order|opacity|flex|items|(justify|place)(-(content|items|self))?|self|align|whitespace|break(-(after|before|inside))?|cursor|pointer-events|select|leading|tracking|line-clamp|(underline|outline)-offset|(grid|auto)-(cols|rows|flow)|(col|row)(-(start|end))?|aspect|caption|list-image|object|duration|delay|ease|divide|fill|bg-(clip|origin|blend)|font-(stretch|features)|hyphens|from|via|to =.+
grow|shrink|transition|rounded(-([setrbl]|[se][se]|[tb][lr]))?|(backdrop-)?blur =.*
text size:=base|${SHIRT}|${LENGTH} align:=left|center|right|justify|start|end wrap:=wrap|nowrap|balance|pretty overflow:=ellipsis|clip color:=.+
font weight:=(extra|semi)?(light|bold)|thin|normal|medium|black|[[(](?!family-name:).+ family:=.+
bg position:=(center|top|bottom|left|right)(-\w+)?|position-.+|[[(](position|percentage):.+ size:=auto|cover|contain|size-.+|[[(](length|(bg-)?size):.+ image:=none|(linear|radial|conic)(-.+)?|[[(](image|url):.+|\[([\w-]*gradient|url|image(-set)?|cross-fade|element)\(.+ repeat:=no-repeat|repeat(-.+)? attachment:=fixed|local|scroll color:=.+
border(-([xysetrbl]|b[se]))?|outline w:=${WIDTH} color:=.+`
    .split('\n')
    .flatMap((line) => {
      const [names = '', ...groups] = line.split(' ');
      return groups.map((group) => {
        const [id = '', values = ''] = group.split('=');
        const bare = new RegExp(`^(${values})$`).test('') ? '?' : '';
        return [id, new RegExp(`^(${names})(${names && '-'}(${values}))${bare}$`)] as const;
      });
    });

/**
 * Whether a class of the first group overrides one of the second, tested on "first second" (the same
 * group aside): a side its two corners (`rounded-t` `rounded-tl`), the four-sided utilities (`p` overrides
 * `pt` and `px`, `px` `pl`, `py` `pt`, `gap` `gap-x`, `w:border` `w:border-t`), and the odd ones.
 */
const OVERRIDES =
  /^rounded-([tb]) rounded-\1[lr]$|^rounded-([serl]) rounded-[setb]\2$|^(?!scale|rotate|rounded-)(\S+) \3-?(x|y|s|e|t|r|b|l|bs|be)$|^(\S+)x \5[serl]\w*$|^(\S+)y \6[tb]\w*$|^(inset|rounded) \7-|^flex (basis|grow|shrink)$|^size [wh]$|^size:text leading$|^line-clamp (display|overflow)$/;

/** Remembers a function's answers (class lists repeat on every render), forgetting all once there are many. */
function remembered<T>(answer: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (!answers.has(key)) {
      if (answers.size > 999) answers.clear();
      answers.set(key, answer(key));
    }
    return answers.get(key) as T;
  };
}

/** The group of a class without variants, `!` or opacity modifier; undefined when unknown. */
const groupOf = remembered((name) => {
  // A negative value (`-mt-2`) is in the group of the positive one.
  const base = name.replace(/^-/, '');
  for (const [id, rule] of RULES) {
    const match = rule.exec(base);
    if (match) return id + match[1];
  }
});

const overrides = remembered((groups) => OVERRIDES.test(groups));

/** Drops each class that a later class with the same variants and `!` overrides; keeps the order. */
export const mergeClasses = remembered((classList) => {
  const kept: string[] = [];
  const taken: [variants: string, group: string][] = [];
  for (const className of classList.trim().split(/\s+/).reverse()) {
    // Brackets may hold `:` and `/` (`[&:hover]:`, `w-[calc(100%/3)]`): blank them out to find the variants'
    // end and an opacity modifier.
    const plain = className.replace(/\[[^\]]*\]|\([^)]*\)/g, (bracket) => '_'.repeat(bracket.length));
    const start = plain.lastIndexOf(':') + 1;
    const slash = plain.lastIndexOf('/') - start;
    // Tailwind v4 puts `!` at the end; at the start is the v3 spelling.
    const marked = className.slice(start);
    const base = marked.replace(/!$|^!/, '');
    // `bg-primary/50` is a `bg-primary`; `aspect-16/9` only makes sense whole.
    const group = (slash > 0 && groupOf(base.slice(0, slash))) || groupOf(base);
    if (group) {
      const variants = className.slice(0, start) + (base === marked ? '' : '!');
      if (taken.some(([v, g]) => v === variants && (g === group || overrides(`${g} ${group}`)))) continue;
      taken.push([variants, group]);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
});
