// Entry for <sportello-sign-viewer>: importing it defines the element. Filled in by the element's issue.
export {};
