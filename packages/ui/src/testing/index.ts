import { userEvent } from 'storybook/test'

/**
 * Clicks a menu item the way a mouse does: the pointer first moves onto the item's centre, then clicks.
 *
 * The menus highlight an item on a pointer move only while the last input was a pointer, and they ignore a
 * move to the position the pointer already had. Simulated clicks all land at (0, 0), so a bare click could
 * reach an item that was never highlighted (when an earlier story's keys or focus changed the input kind)
 * and be dropped. For stories only.
 */
export async function clickMenuItem(item: HTMLElement) {
  const { x, y, width, height } = item.getBoundingClientRect()
  await userEvent.pointer({ target: item, coords: { clientX: x + width / 2, clientY: y + height / 2 } })
  await userEvent.click(item)
}

/**
 * Waits until the page has drawn twice: the pace of a person between two keys. The menus move the focus into
 * their list a frame after a key; a key pressed in the same frame (Enter right after an arrow) closes the menu
 * first, and the late move then takes the focus from the button the menu handed it back to. For stories only.
 */
export async function nextFrames() {
  for (let i = 0; i < 2; i += 1) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
}

export { partsLoaded } from '../internal/later'
