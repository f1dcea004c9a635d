// Types of the virtual module `/__sportello/rabbit.js`: importing it starts RabbitMQ (if needed) and waits for it.
export declare const RABBIT: { ok: boolean; wsUrl: string; reason?: string; required: boolean };
