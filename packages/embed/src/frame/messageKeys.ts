/**
 * The messages the frame shows: the widget's own, the shared buttons, errors and field messages, and those
 * of the conversation parts it reuses (`WIDGET_MESSAGE`, checked against the widget's sources by the ui's
 * tests). The frame's build keeps only these in each language's table (see `frame-messages.ts`).
 */
export { WIDGET_MESSAGE as FRAME_MESSAGE } from '@desk/ui/i18n'
