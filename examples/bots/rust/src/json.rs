//! A small JSON reader (objects, arrays, strings, numbers as f64, true, false, null) and a string
//! quoter: what a bot of the protocol needs, with the standard library only.

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    /// The member `key` of an object (`Null` when missing or not an object).
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or(&NULL),
            _ => &NULL,
        }
    }

    pub fn has(&self, key: &str) -> bool {
        matches!(self, Json::Object(fields) if fields.iter().any(|(k, _)| k == key))
    }

    pub fn str(&self) -> &str {
        match self {
            Json::Str(text) => text,
            _ => "",
        }
    }

    pub fn int(&self) -> i64 {
        match self {
            Json::Number(n) => *n as i64,
            _ => 0,
        }
    }

    pub fn items(&self) -> &[Json] {
        match self {
            Json::Array(items) => items,
            _ => &[],
        }
    }

    pub fn parse(text: &str) -> Result<Json, String> {
        let mut reader = Reader { text: text.as_bytes(), at: 0 };
        let value = reader.value()?;
        reader.space();
        if reader.at != reader.text.len() {
            return Err(reader.error("text after the value"));
        }
        Ok(value)
    }
}

/// A string as JSON, quoted and escaped.
pub fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &str) -> String {
        format!("bad JSON at byte {}: expected {}", self.at, expected)
    }

    fn space(&mut self) {
        while self.at < self.text.len() && matches!(self.text[self.at], b' ' | b'\t' | b'\n' | b'\r') {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> u8 {
        self.space();
        *self.text.get(self.at).unwrap_or(&0)
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.peek() != c {
            return Err(self.error(&format!("'{}'", c as char)));
        }
        self.at += 1;
        Ok(())
    }

    fn comma(&mut self, close: u8) -> Result<bool, String> {
        if self.peek() == b',' {
            self.at += 1;
            return Ok(true);
        }
        self.expect(close)?;
        Ok(false)
    }

    fn word(&mut self, word: &str) -> bool {
        if self.text[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            return true;
        }
        false
    }

    fn value(&mut self) -> Result<Json, String> {
        match self.peek() {
            b'{' => {
                self.at += 1;
                let mut fields = Vec::new();
                if self.peek() == b'}' {
                    self.at += 1;
                    return Ok(Json::Object(fields));
                }
                loop {
                    self.space();
                    let key = self.string()?;
                    self.expect(b':')?;
                    fields.push((key, self.value()?));
                    if !self.comma(b'}')? {
                        return Ok(Json::Object(fields));
                    }
                }
            }
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                if self.peek() == b']' {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    if !self.comma(b']')? {
                        return Ok(Json::Array(items));
                    }
                }
            }
            b'"' => Ok(Json::Str(self.string()?)),
            _ if self.word("true") => Ok(Json::Bool(true)),
            _ if self.word("false") => Ok(Json::Bool(false)),
            _ if self.word("null") => Ok(Json::Null),
            _ => {
                let start = self.at;
                while self.at < self.text.len() && b"+-0123456789.eE".contains(&self.text[self.at]) {
                    self.at += 1;
                }
                let number = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                number.parse::<f64>().map(Json::Number).map_err(|_| self.error("a value"))
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = *self.text.get(self.at).ok_or_else(|| self.error("the end of a string"))?;
            self.at += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|_| self.error("UTF-8")),
                b'\\' => {
                    let e = *self.text.get(self.at).ok_or_else(|| self.error("an escape"))?;
                    self.at += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let hex = std::str::from_utf8(self.text.get(self.at..self.at + 4).unwrap_or(b""))
                                .unwrap_or("");
                            let code = u32::from_str_radix(hex, 16).map_err(|_| self.error("four hex digits"))?;
                            self.at += 4;
                            let c = char::from_u32(code).unwrap_or('\u{fffd}'); // a lone surrogate half
                            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        other => out.push(other), // \" \\ \/
                    }
                }
                other => out.push(other),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_request_and_quotes_an_action() {
        let value = Json::parse(r#"{"type":"request","id":3,"legal":[{"action":"end"}],"x":null}"#).unwrap();
        assert_eq!(value.get("type").str(), "request");
        assert_eq!(value.get("id").int(), 3);
        assert_eq!(value.get("legal").items()[0].get("action").str(), "end");
        assert!(value.has("x") && !value.has("y"));
        assert_eq!(quote("a \"b\"\n"), r#""a \"b\"\u000a""#);
    }
}
