// Entry for <sportello-desk-form>: importing it defines the element. Filled in by the element's issue.
export {};
