import { Tabs as RadixTabs } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type FocusEvent,
  useContext,
  useId,
  useMemo,
  useRef,
} from 'react';
import { cn, focusRing } from './cn.ts';
import { ScrollArrows } from './scroll-arrows.tsx';

interface TabsIdentity {
  baseId: string;
  value: string;
  orientation: 'horizontal' | 'vertical';
}

/** What a tab and its panel share: the selected value and the ids that tie them to each other. */
const TabsIdentityContext = createContext<TabsIdentity | null>(null);

function useTabsIdentity(): TabsIdentity {
  const identity = useContext(TabsIdentityContext);
  if (!identity) throw new Error('Tabs parts must be inside TabsRoot');
  return identity;
}

const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

/**
 * Radix Tabs with the portal's look: arrow keys move between tabs, the list scrolls on small screens.
 * Controlled only (`value`), so that the panels know the selected tab without Radix's context.
 */
export function TabsRoot({
  value,
  orientation = 'horizontal',
  ...props
}: ComponentProps<typeof RadixTabs.Root> & { value: string }) {
  const baseId = useId();
  const identity = useMemo(() => ({ baseId, value, orientation }), [baseId, value, orientation]);
  return (
    <TabsIdentityContext.Provider value={identity}>
      <RadixTabs.Root value={value} orientation={orientation} {...props} />
    </TabsIdentityContext.Provider>
  );
}

/**
 * Tab lands on the list itself (tabindex 0), which Radix hands on to the selected tab, unless it takes
 * that focus for a click's. But Radix's tab focuses itself on a press, before the press reaches the
 * list: the list then waited for a click's focus that never came, and took the next one, a keyboard's,
 * for it. After any click on a tab, Tab from the header stopped on the list, with no ring, and a second
 * Tab was needed. The list never keeps the focus: it hands it on to the selected tab (else the first).
 */
function focusSelectedTab(event: FocusEvent<HTMLDivElement>) {
  const list = event.currentTarget;
  if (event.target !== list || document.activeElement !== list) return;
  const tab =
    list.querySelector<HTMLElement>('[role="tab"][data-state="active"]:not(:disabled)') ??
    list.querySelector<HTMLElement>('[role="tab"]:not(:disabled)');
  tab?.focus();
}

/** The tab strip, with the arrows of a strip that scrolls (src/ui/scroll-arrows.tsx) on small screens. */
export function TabsList({ className, onFocus, ...props }: ComponentProps<typeof RadixTabs.List>) {
  // A ref, not state: a state set by a ref callback re-renders within the commit that mounts the list,
  // which makes React run every pending effect in that same long task.
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <ScrollArrows listRef={listRef} selected='[role="tab"][data-state="active"]'>
      <RadixTabs.List
        ref={listRef}
        className={cn(
          'relative flex min-w-0 flex-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none] lg:flex-wrap lg:overflow-x-visible [&::-webkit-scrollbar]:hidden',
          className,
        )}
        onFocus={(event) => {
          onFocus?.(event);
          focusSelectedTab(event);
        }}
        {...props}
      />
    </ScrollArrows>
  );
}

/**
 * The icon, label and badge sit in one inline run rather than one flex item each: Chrome puts a space
 * between flex items when it names the tab, and 'Aprobar Admins, 1 pendiente' must keep its comma.
 * Snug padding and a 14 px icon let the master's nine tabs, with a pending badge, fit the 1216 px of
 * a wide screen in one row; from 1024 px a narrower screen wraps the row rather than hide tabs.
 */
export function TabsTrigger({ className, children, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  const { baseId } = useTabsIdentity();
  return (
    <RadixTabs.Trigger
      id={tabId(baseId, props.value)}
      aria-controls={panelId(baseId, props.value)}
      className={cn(
        '-mb-px inline-flex shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-1 py-2.5 text-sm font-medium text-slate-600',
        'hover:text-slate-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700',
        'rounded-t-md',
        focusRing,
        className,
      )}
      {...props}
    >
      <span className="[&>svg]:mr-1 [&>svg]:inline-block [&>svg]:size-3.5 [&>svg]:align-[-0.125em]">
        {children}
      </span>
    </RadixTabs.Trigger>
  );
}

/**
 * A tab's panel with Radix Tabs.Content's attributes, without its Presence: Presence reads the computed
 * style of each panel as it mounts, a forced style recalculation of the whole page, then re-renders at
 * once. It exists for exit animations, and the portal animates no panel.
 */
export function TabsContent({
  value,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { value: string }) {
  const { baseId, value: selectedValue, orientation } = useTabsIdentity();
  const selected = value === selectedValue;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation={orientation}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a Tab stop (WAI-ARIA tabs pattern), as Radix's is
      tabIndex={0}
      // Its focus shows like every other Tab stop's: an invisible one leaves a keyboard user lost. The
      // margin keeps that ring (2 px out, 2 px wide) off the selected tab's underline; with the padding
      // the content starts 24 px below the tabs.
      className={cn('mt-2 pt-4', focusRing, className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
