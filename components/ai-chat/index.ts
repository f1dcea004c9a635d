// Entry for <sportello-ai-chat>: importing it defines the element. Filled in by the element's issue.
export {};
