-- video_grams named text_grams without its schema: a restore (pg_dump sets an empty search_path)
-- could not make the videos table's generated column (issue 39, the restore drill). Same result,
-- qualified name: nothing stored changes.
CREATE OR REPLACE FUNCTION video_grams(title text, tags text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.text_grams(title || chr(10) || array_to_string(tags, chr(10)))
$$;
