/** The id of a quick answer's option, for the input's `aria-activedescendant`. */
export const optionId = (listId: string, index: number) => `${listId}-${index}`
