import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { cn, focusRing } from '../../../ui/cn.ts';
import { truncateUserAgent } from '../registration-rows.ts';

/** The user agent cut at 25 characters; the whole text on hover, on focus and on tap. */
export function UserAgentText({ userAgent }: { userAgent: string | null }) {
  const [open, setOpen] = useState(false);
  if (!userAgent) return <span className="text-slate-500">N/A</span>;
  const short = truncateUserAgent(userAgent);
  if (short === userAgent)
    return <span className="font-mono text-xs leading-5 break-all text-slate-700">{userAgent}</span>;
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          // A tap opens it too (Radix closes a tooltip on click by default).
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className={cn(
            // The padding makes a 40 px target; the negative margin keeps the row's height.
            '-my-3 inline-flex cursor-help items-center rounded py-3 text-left font-mono text-xs leading-5 whitespace-nowrap text-slate-700 underline decoration-slate-300 decoration-dotted underline-offset-4',
            focusRing,
          )}
        >
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{userAgent}</span>
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 font-mono text-xs break-all text-white shadow-lg"
        >
          {userAgent}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
