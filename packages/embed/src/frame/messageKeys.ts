/**
 * The messages the frame shows: the widget's own, and the shared buttons, errors and field messages.
 * The frame's build keeps only these in each language's table (see `frame-messages.ts`).
 */
export const FRAME_MESSAGE = /^(widget|message|input|emoji|common|errors|validation)\./
