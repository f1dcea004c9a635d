// Entry for <sportello-live-chat>: importing it defines the element. Filled in by the element's issue.
export {};
