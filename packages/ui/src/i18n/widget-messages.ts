/**
 * The messages the widget's parts can show: the widget's own, the shared buttons, errors and field
 * messages, and those of the conversation parts it reuses (delivery ticks, file cards, the emoji picker, the
 * quick answers' list, the jump button). A frame that ships only some messages keeps the keys this matches.
 */
export const WIDGET_MESSAGE =
  /^(widget|common|errors|validation|emoji)\.|^message\.(ack|fileKind)\.|^message\.(deleted|downloadFile|file)$|^input\.(emoji|quickAnswers)$|^conversation\.(jumpToLatest|jumpToNew|newMessages)$/

export const isWidgetMessage = (key: string) => WIDGET_MESSAGE.test(key)
