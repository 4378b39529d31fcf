import { z } from '@/lib/zod';
import { IMAGE_MAX_BYTES, isAcceptedImage, isFile } from '@/lib/form-data';

/**
 * Restaurant create/edit rules equal to the identity service's (spec part 1 §5, §9).
 * Messages are catalog ids. The server also checks: the name is unique per owner.
 */
export const FACEBOOK = /^https:\/\/(www\.|m\.|web\.)?(facebook|fb)\.com\/\S+$/i;
export const INSTAGRAM_USER = /^@?[A-Za-z0-9._]{1,30}$/;
export const INSTAGRAM_LINK = /^https?:\/\/(www\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?$/i;
export const WHATSAPP_LINK = /^https:\/\/wa\.me\/(\d{1,20})$/;
export const WEBSITE = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

const required = 'validation.required';
export const restaurantName = z.string().trim().min(1, required).min(4, 'restaurants.validation.name').max(40, 'restaurants.validation.name');
export const phone = z
  .string()
  .min(1, required)
  .regex(/^\d*$/, 'validation.digits')
  .min(8, 'validation.phoneLength')
  .max(20, 'validation.phoneLength');
export const address = z.string().trim().min(1, required).min(10, 'restaurants.validation.address').max(100, 'restaurants.validation.address');

const imageOrNull = z
  .custom<File | null>((v) => v === null || (isFile(v) && isAcceptedImage(v)), 'restaurants.validation.logoType')
  .refine((v) => v === null || v.size <= IMAGE_MAX_BYTES, 'restaurants.validation.logoSize');
const requiredImage = z
  .custom<File | null>((v) => isFile(v), 'restaurants.validation.logoRequired')
  .pipe(imageOrNull);

/** Create: name 4–40, phone digits 8–20, address 10–100, logo required (png, jpeg, bmp). */
export const restaurantCreateSchema = z.object({
  nombre_local: restaurantName,
  telefono: phone,
  direccion: address,
  logo: requiredImage,
});
export type RestaurantCreateValues = z.infer<typeof restaurantCreateSchema>;

/** The list's edit dialog: the same fields; the logo only when a new one is chosen. */
export const restaurantBasicsSchema = restaurantCreateSchema.extend({ logo: imageOrNull });
export type RestaurantBasicsValues = z.infer<typeof restaurantBasicsSchema>;

const link = z.string().trim().max(300, 'restaurants.validation.linkMax');

/** The profile page (/editar-restaurante): every field of the Restaurant entity the owner sets. */
export const restaurantProfileSchema = restaurantBasicsSchema.extend({
  first_name: z.string().trim().min(1, required).min(3, 'restaurants.validation.firstName').max(30, 'restaurants.validation.firstName'),
  last_name: z.string().trim().min(1, required).min(3, 'restaurants.validation.lastName').max(100, 'restaurants.validation.lastName'),
  email: z.string(),
  wait_time: z.number({ message: 'restaurants.validation.waitTime' }).int('restaurants.validation.waitTime').min(0, 'restaurants.validation.waitTime').max(600, 'restaurants.validation.waitTime'),
  avg_permanence: z.number({ message: 'restaurants.validation.avgPermanence' }).min(0, 'restaurants.validation.avgPermanence').max(100000, 'restaurants.validation.avgPermanence'),
  reservas: z.boolean(),
  takeaway: z.boolean(),
  tips: z.boolean(),
  has_waiter: z.boolean(),
  stop_orders: z.boolean(),
  receive_noti: z.boolean(),
  mute_sound: z.boolean(),
  facebook: link.refine((v) => !v || FACEBOOK.test(v), 'restaurants.validation.facebook'),
  instagram: link.refine((v) => !v || INSTAGRAM_USER.test(v) || INSTAGRAM_LINK.test(v), 'restaurants.validation.instagram'),
  whatsapp: z.string().trim().regex(/^\d*$/, 'validation.digits').max(20, 'restaurants.validation.whatsapp'),
  website: link.refine((v) => !v || WEBSITE.test(v), 'restaurants.validation.website'),
});
export type RestaurantProfileValues = z.infer<typeof restaurantProfileSchema>;

/** The editor shows the Instagram username; the server stores https://www.instagram.com/<user>/. */
export const instagramUser = (stored: string) => stored.match(INSTAGRAM_LINK)?.[2] ?? stored;
/** The editor shows the WhatsApp digits; the server stores https://wa.me/<digits>. */
export const whatsappDigits = (stored: string) => stored.match(WHATSAPP_LINK)?.[1] ?? stored.replace(/\D+/g, '');

export const FLAGS = ['reservas', 'takeaway', 'tips', 'has_waiter', 'stop_orders', 'receive_noti', 'mute_sound'] as const;
