import { Fragment, useEffect, useRef } from "react";
import { SECTION_KINDS, type PlaygroundConfig, type SectionKind } from "./config";
import { METHODS } from "./methods";
import { styles } from "./styles";

interface Item {
  kind: SectionKind;
  /** Shares the group of the item above: no 'or' divider between them. */
  joined: boolean;
}

const toItems = (groups: SectionKind[][]): Item[] => groups.flatMap((g) => g.map((kind, i) => ({ kind, joined: i > 0 })));

function toGroups(items: Item[]): SectionKind[][] {
  const groups: SectionKind[][] = [];
  for (const [i, item] of items.entries()) {
    if (i > 0 && item.joined) groups.at(-1)!.push(item.kind);
    else groups.push([item.kind]);
  }
  return groups;
}

/**
 * The dialog's sections in order: switch each on or off, move it up or down, and choose whether an
 * 'or' divider separates it from the one above (a new group) or not (the same group).
 */
export function SectionList({ config, onChange }: { config: PlaygroundConfig; onChange: (sections: SectionKind[][]) => void }) {
  const items = toItems(config.sections);
  const off = SECTION_KINDS.filter((k) => !items.some((i) => i.kind === k));
  const label = (kind: SectionKind) => METHODS[kind].label;

  const commit = (next: Item[]) => onChange(toGroups(next));
  // Moving re-orders the DOM, which can drop focus: put it back on the moved section's button
  // (the other one when it reached an end), so the keyboard can keep moving it.
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ kind: SectionKind; by: -1 | 1 } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending || !list.current) return;
    refocus.current = null;
    const buttons = list.current.querySelectorAll<HTMLButtonElement>(`[data-section="${pending.kind}"] button`);
    const [up, down] = [buttons[0], buttons[1]];
    const wanted = pending.by === -1 ? up : down;
    (wanted && !wanted.disabled ? wanted : pending.by === -1 ? down : up)?.focus();
  });
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    refocus.current = { kind: item!.kind, by };
    commit(next);
  };
  const toggleDivider = (index: number) => commit(items.map((item, i) => (i === index ? { ...item, joined: !item.joined } : item)));
  const remove = (index: number) => commit(items.filter((_, i) => i !== index));
  const add = (kind: SectionKind) => commit([...items, { kind, joined: false }]);

  return (
    <div className={styles.fieldset} role="group" aria-labelledby="sections-title">
      <span id="sections-title" className={styles.h3}>
        Sign-in sections, in dialog order
      </span>
      <ol ref={list} className={styles.sectionList} aria-label="Sections shown">
        {items.map((item, index) => (
          <Fragment key={item.kind}>
            {index > 0 && (
              <li className={styles.orDivider}>
                <button
                  type="button"
                  className={styles.small}
                  aria-pressed={!item.joined}
                  aria-label={`'or' divider between ${label(items[index - 1]!.kind)} and ${label(item.kind)}`}
                  title={item.joined ? "Same group: no divider. Press to divide." : "Separate groups. Press to put both in one group."}
                  onClick={() => toggleDivider(index)}
                >
                  {item.joined ? "same group" : "— or —"}
                </button>
              </li>
            )}
            <li className={styles.sectionItem} data-enabled="true" data-section={item.kind}>
              <label className={`${styles.check} ${styles.grow}`}>
                <input
                  type="checkbox"
                  checked
                  // The dialog needs one section: the last one stays on.
                  disabled={items.length === 1}
                  onChange={() => remove(index)}
                />
                {label(item.kind)}
              </label>
              <button type="button" className={styles.small} aria-label={`Move ${label(item.kind)} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button
                type="button"
                className={styles.small}
                aria-label={`Move ${label(item.kind)} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
            </li>
          </Fragment>
        ))}
      </ol>
      {off.length > 0 && (
        <ul className={styles.sectionList} aria-label="Sections not shown">
          {off.map((kind) => (
            <li key={kind} className={styles.sectionItem} data-enabled="false" data-section={kind}>
              <label className={`${styles.check} ${styles.grow}`}>
                <input type="checkbox" checked={false} onChange={() => add(kind)} />
                {label(kind)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
