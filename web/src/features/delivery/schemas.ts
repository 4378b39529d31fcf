import { z } from '@/lib/zod';
import type { Delivery, DeliveryUpdate } from './api/keys';

/**
 * The delivery screen's rules, the same as ordering's (services/ordering/README.md 'The delivery
 * screen's contact rules'; spec part 2 §5, §9): checked here before a create or an update, each
 * message a notification; the server checks them again and its refusals come by field.
 */
export const LIMITS = { name: [2, 30], phone: [8, 20], address: [10, 100], comment: 100, details: 200 } as const;

/** 1 delivery, 2 pickup (take away). */
export const TYPES = ['1', '2'] as const;

export const contactSchema = z
  .object({
    type_delivery: z.enum(TYPES),
    // one message each: 'required' when empty, else the length (an aborting check would keep the others from running)
    name: z
      .string()
      .trim()
      .min(1, 'delivery.rules.nameRequired')
      .refine((v) => !v || (v.length >= LIMITS.name[0] && v.length <= LIMITS.name[1]), 'delivery.rules.nameLength'),
    phone: z
      .string()
      .trim()
      .min(1, 'delivery.rules.phoneRequired')
      .refine((v) => !v || /^\d{8,20}$/.test(v), 'delivery.rules.phoneInvalid'),
    // required for delivery; optional for pickup, but 10 to 100 when given
    address: z.string().trim().max(LIMITS.address[1], 'delivery.rules.addressLength'),
  })
  .superRefine(
    (v, ctx) => {
      if (v.type_delivery === '1' && !v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'delivery.rules.addressRequired' });
      else if (v.address && v.address.length < LIMITS.address[0]) ctx.addIssue({ code: 'custom', path: ['address'], message: 'delivery.rules.addressLength' });
    },
    // every message at once, as the server answers them: also when the name or the phone is wrong
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type ContactValues = z.input<typeof contactSchema>;
export type ContactOutput = z.output<typeof contactSchema>;

/** A dish's comment (spec part 2 §5: up to 100). */
export const commentSchema = z.string().trim().max(LIMITS.comment, 'delivery.rules.commentLength');

/** The order's detail text (up to 200). */
export const detailsSchema = z.string().trim().max(LIMITS.details, 'delivery.rules.detailsLength');

export const contactOf = (d: Delivery): ContactValues => ({
  type_delivery: d.type_delivery === 1 ? '1' : '2',
  name: d.contact_info.name,
  phone: d.contact_info.phone,
  address: d.address,
});

/** The form's values as ordering takes them (trimmed by the schema). */
export function contactBody(v: ContactOutput): Pick<DeliveryUpdate, 'type_delivery' | 'contact_info' | 'address'> {
  return { type_delivery: v.type_delivery === '1' ? 1 : 2, contact_info: { name: v.name, phone: v.phone }, address: v.address };
}

/** A new order's dishes: at least one (a dish at 0 has left the order), each comment at most 100. */
export type PickedDish = { dish: number; quantity: number; comment: string };
export function dishProblems(picked: PickedDish[]): string[] {
  if (picked.length === 0) return ['delivery.rules.oneDish'];
  const problems = new Set<string>();
  for (const p of picked) if (!commentSchema.safeParse(p.comment).success) problems.add('delivery.rules.commentLength');
  return [...problems];
}
