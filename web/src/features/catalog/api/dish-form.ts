/** The dish form as sent: multipart strings (price "1234.50"), new images as files. */
export type DishInput = {
  name: string;
  description: string;
  price: string;
  menu_group: number;
  images: File[];
};

/** The body of POST dish/ and PUT dish/{id}/. */
export function dishFormData(input: DishInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  form.append('price', input.price);
  form.append('menu_group', String(input.menu_group));
  for (const file of input.images) form.append('dish_dimage', file);
  return form;
}
