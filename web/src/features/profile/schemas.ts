import { z } from '@/lib/zod';
import { IMAGE_MAX_BYTES, isAcceptedImage, isFile } from '@/lib/form-data';

/**
 * Client profile rules equal to the identity service's (spec part 1 §5): first name 4–30, last
 * name 4–100, phone digits 8–20, e-mail read only, image png/jpeg/bmp.
 */
const required = 'validation.required';
export const profileSchema = z.object({
  first_name: z.string().trim().min(1, required).min(4, 'profile.validation.firstName').max(30, 'profile.validation.firstName'),
  last_name: z.string().trim().min(1, required).min(4, 'profile.validation.lastName').max(100, 'profile.validation.lastName'),
  telefono: z.string().min(1, required).regex(/^\d*$/, 'validation.digits').min(8, 'validation.phoneLength').max(20, 'validation.phoneLength'),
  email: z.string(),
  genero: z.enum(['', '0', '1']),
  imagen: z
    .custom<File | null>((v) => v === null || (isFile(v) && isAcceptedImage(v)), 'profile.validation.imageType')
    .refine((v) => v === null || v.size <= IMAGE_MAX_BYTES, 'profile.validation.imageSize'),
});
export type ProfileValues = z.infer<typeof profileSchema>;
