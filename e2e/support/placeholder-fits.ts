// Whether a field's placeholder shows whole: its text, in the field's own font, is no wider than the
// room inside the field (a placeholder never scrolls, so what does not fit is simply cut off).
import type { Locator } from '@playwright/test';

export async function placeholderFits(field: Locator): Promise<{ fits: boolean; placeholder: string }> {
  return field.evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('No canvas to measure the placeholder');
    context.font = style.font;
    const text = context.measureText(input.placeholder).width;
    const room =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { fits: text <= room, placeholder: input.placeholder };
  });
}
